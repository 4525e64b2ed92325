/**
 * 'List Your Tools' and a maintainer's edit of a tool page (docs/decisions/038): one
 * react-hook-form island (docs/decisions/019) checked with the API's own ToolInputSchema (the
 * server parses the same), saved with POST /api/tools (a new submission) or PUT
 * /api/tools/{id} (an edit). The logo goes through the image pipeline first (POST
 * /api/uploads/images). A 409 DUPLICATE_TOOL or a 400 puts the server's message on its field.
 */
import { useId, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { rulesSchema } from '@/src/shared/form-schema';
import { api } from '@/src/shared/api/client';
import { ToolInputSchema, type ToolRecord } from '@/src/shared/api/schemas/tools';
import { AI_TOOL_CATEGORIES } from '@/src/shared/domain';
import { toast } from '@/src/stores/toasts';
import { useApiMutation } from '../hooks/use-api';
import { ErrorSummary } from '../ui/ErrorSummary';
import { FormField, type FieldStyles } from '../ui/FormField';
import { useNeedsVerification, VerifyEmailNotice } from '../auth/VerifyEmailNotice';
import { errorAt, errorList, registerWithValue } from '../ui/form-state';

interface Props {
  /** Editing this tool (else a new submission). */
  initial?: ToolRecord | null;
  /** 'maintainer': the page of an approved tool; 'submission': a submission (new or sent back). */
  mode: 'submission' | 'maintainer';
}

interface Values {
  name: string;
  officialSite: string;
  category: string;
  description: string;
  longDescription: string;
  pricing: string;
  platforms: string;
  documentationUrl: string;
  githubUrl: string;
  changelogSources: string;
  logoUrl: string;
}

const LABELS: Record<keyof Values, string> = {
  name: 'Name',
  officialSite: 'Official site',
  category: 'Category',
  description: 'One-line description',
  longDescription: 'Description',
  pricing: 'Pricing summary',
  platforms: 'Platforms',
  documentationUrl: 'Documentation',
  githubUrl: 'GitHub',
  changelogSources: 'Changelog sources',
  logoUrl: 'Logo',
};

const STYLES: FieldStyles = { field: 'tf-field', hint: 'tf-hint', error: 'tf-error' };

const lines = (value: string, separator: RegExp) =>
  value
    .split(separator)
    .map((v) => v.trim())
    .filter(Boolean);

/** The request body the form's values make. */
function bodyOf(v: Values) {
  return {
    name: v.name,
    officialSite: v.officialSite,
    category: v.category,
    description: v.description,
    longDescription: v.longDescription,
    pricing: v.pricing,
    platforms: lines(v.platforms, /,/),
    documentationUrl: v.documentationUrl || null,
    githubUrl: v.githubUrl || null,
    changelogSources: lines(v.changelogSources, /\r?\n/),
    logoUrl: v.logoUrl || null,
  };
}

/** A body path ('platforms.2') to the form field that holds it ('platforms'). */
const fieldOf = (path: string) => path.split('.')[0] as keyof Values;

function rules(values: Values): Record<string, string> {
  const parsed = z.safeParse(ToolInputSchema, bodyOf(values));
  const messages: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path.map(String).join('.') || 'name');
      messages[field] ??= issue.message;
    }
  }
  return messages;
}

const toValues = (t: ToolRecord | null | undefined): Values => ({
  name: t?.name ?? '',
  officialSite: t?.officialSite ?? '',
  category: t?.category ?? '',
  description: t?.description ?? '',
  longDescription: t?.longDescription ?? '',
  pricing: t?.pricing ?? '',
  platforms: t?.platforms.join(', ') ?? '',
  documentationUrl: t?.documentationUrl ?? '',
  githubUrl: t?.githubUrl ?? '',
  changelogSources: t?.changelogSources.join('\n') ?? '',
  logoUrl: t?.logoUrl ?? '',
});

export default function ToolForm({ initial, mode }: Props) {
  const [schema] = useState(() => rulesSchema<Values>(rules));
  const unverified = useNeedsVerification();
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: toValues(initial),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { errors, isSubmitting } = form.formState;
  const [saved, setSaved] = useState<ToolRecord | null>(null);
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const err = (name: keyof Values) => errorAt(errors, name);
  const logo = form.watch('logoUrl');

  const upload = useApiMutation(
    (_signal, file: File) => {
      const data = new FormData();
      data.set('slot', 'main');
      data.set('file', file);
      return api('POST /api/uploads/images', { body: data });
    },
    {
      onSuccess: (uploaded) => {
        form.setValue('logoUrl', uploaded.url, { shouldDirty: true });
        form.clearErrors('logoUrl');
      },
      onError: (error) => form.setError('logoUrl', { type: 'server', message: error.message }),
    },
  );
  const uploading = upload.busy;

  function onLogo(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (file) void upload.run(file);
  }

  const save = useApiMutation(
    (_signal, body: z.input<typeof ToolInputSchema>) =>
      initial ? api('PUT /api/tools/{toolId}', { params: { toolId: initial.id }, body }) : api('POST /api/tools', { body }),
    {
      onSuccess: (result) => {
        setSaved(result);
        toast({
          title: initial ? 'Saved' : 'Submitted',
          description: result.status === 'approved' ? 'The page is updated.' : 'An administrator will review it.',
          variant: 'success',
        });
      },
      onError: (error) => {
        const fields = Object.entries(error.fields);
        for (const [path, message] of fields) if (message) form.setError(fieldOf(path), { type: 'server', message });
        const first = fields[0];
        if (first) document.getElementById(id(fieldOf(first[0])))?.focus();
        toast({ title: initial ? 'Not saved' : 'Not submitted', description: error.message, variant: 'destructive' });
      },
    },
  );
  const submit = form.handleSubmit(
    (values) => save.run(bodyOf(values) as z.input<typeof ToolInputSchema>),
    (found) => {
      const first = errorList(found)[0];
      if (first) document.getElementById(id(first[0]))?.focus();
    },
  );

  if (saved && !initial) {
    return (
      <div className="tf-done card" role="status">
        <h2>Thanks: {saved.name} is waiting for review</h2>
        <p>An administrator checks every submission. You will get an email when it is approved, or if something needs to change.</p>
        <p className="muted">Once it is listed, claim it to become its verified maintainer.</p>
        <a className="btn btn-secondary" href="/ai-tools">
          Back to the directory
        </a>
      </div>
    );
  }

  const text = (name: keyof Values) => registerWithValue(form, name);
  if (unverified) return <VerifyEmailNotice action={initial ? `edit ${initial.name}` : 'submit a tool'} />;
  return (
    <form className="tf-form" onSubmit={(e) => void submit(e)} noValidate aria-label={initial ? `Edit ${initial.name}` : 'Submit a tool'}>
      <ErrorSummary items={errorList(errors).map(([path]) => ({ target: id(path), label: LABELS[path as keyof Values] ?? path }))} />
      {initial?.reviewNote && initial.status !== 'approved' && (
        <p className="tf-note" role="note">
          <strong>The reviewer wrote:</strong> {initial.reviewNote}
        </p>
      )}
      {saved && initial && (
        <p className="tf-saved" role="status">
          {saved.status === 'approved' ? 'Saved. The page is updated.' : 'Saved. It waits for review again.'}
        </p>
      )}
      <FormField id={id('name')} styles={STYLES} label="Name" error={err('name')}>
        {(control) => <input {...control} className="text-control" {...text('name')} />}
      </FormField>
      <FormField
        id={id('officialSite')}
        styles={STYLES}
        label="Official site"
        hint="https://… Its domain is how a maintainer proves the tool is theirs."
        error={err('officialSite')}
      >
        {(control) => <input {...control} className="text-control" type="url" inputMode="url" {...text('officialSite')} />}
      </FormField>
      <FormField id={id('category')} styles={STYLES} label="Category" error={err('category')}>
        {(control) => (
          <select {...control} className="text-control" {...text('category')}>
            <option value="">Choose a category</option>
            {AI_TOOL_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id={id('description')} styles={STYLES} label="One-line description" error={err('description')}>
        {(control) => <input {...control} className="text-control" {...text('description')} />}
      </FormField>
      <FormField
        id={id('longDescription')}
        styles={STYLES}
        label="Description"
        hint="Two or three sentences: what it does and for whom."
        error={err('longDescription')}
      >
        {(control) => <textarea {...control} className="text-control" rows={5} {...text('longDescription')} />}
      </FormField>
      <FormField
        id={id('logoUrl')}
        styles={STYLES}
        label={
          <>
            Logo <span className="tf-hint">(optional, PNG, JPEG or WebP)</span>
          </>
        }
        error={err('logoUrl')}
      >
        {(control) => (
          <div className="tf-logo">
            {logo && <img src={logo} alt="" width={48} height={48} />}
            <input {...control} type="file" accept="image/png,image/jpeg,image/webp" onChange={(e) => void onLogo(e)} disabled={uploading} />
          </div>
        )}
      </FormField>
      <FormField
        id={id('pricing')}
        styles={STYLES}
        label={
          <>
            Pricing summary <span className="tf-hint">(optional)</span>
          </>
        }
        error={err('pricing')}
      >
        {(control) => <input {...control} className="text-control" placeholder="Free plan; Pro $20/month" {...text('pricing')} />}
      </FormField>
      <FormField
        id={id('platforms')}
        styles={STYLES}
        label={
          <>
            Platforms <span className="tf-hint">(comma-separated)</span>
          </>
        }
        error={err('platforms')}
      >
        {(control) => <input {...control} className="text-control" placeholder="Web, iOS, API" {...text('platforms')} />}
      </FormField>
      <FormField
        id={id('documentationUrl')}
        styles={STYLES}
        label={
          <>
            Documentation <span className="tf-hint">(optional)</span>
          </>
        }
        error={err('documentationUrl')}
      >
        {(control) => <input {...control} className="text-control" type="url" inputMode="url" {...text('documentationUrl')} />}
      </FormField>
      <FormField
        id={id('githubUrl')}
        styles={STYLES}
        label={
          <>
            GitHub <span className="tf-hint">(optional)</span>
          </>
        }
        error={err('githubUrl')}
      >
        {(control) => <input {...control} className="text-control" type="url" inputMode="url" {...text('githubUrl')} />}
      </FormField>
      <FormField
        id={id('changelogSources')}
        styles={STYLES}
        label={
          <>
            Changelog sources <span className="tf-hint">(optional, one feed URL a line)</span>
          </>
        }
        hint="RSS, Atom (like https://github.com/{owner}/{repo}/releases.atom) or JSON Feed: its updates reach the tool's followers."
        error={err('changelogSources')}
      >
        {(control) => <textarea {...control} className="text-control" rows={3} {...text('changelogSources')} />}
      </FormField>
      <div className="tf-actions">
        <button type="submit" className="btn btn-primary" disabled={isSubmitting || uploading}>
          {initial ? (mode === 'maintainer' ? 'Save the page' : 'Save and submit again') : 'Submit for review'}
        </button>
      </div>
    </form>
  );
}
