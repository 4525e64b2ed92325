/**
 * 'Claim Your Tool' (docs/decisions/038): the claimant picks how to prove control of the tool's
 * official domain: an email to an address there (a one-time link), or a text published at
 * /.well-known/toolmint-verification.txt, then 'Check now'. react-hook-form (docs/decisions/019),
 * checked with the API's ToolClaimInputSchema.
 */
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { rulesSchema } from '@/src/shared/form-schema';
import { api } from '@/src/shared/api/client';
import { ToolClaimInputSchema, type ToolClaim } from '@/src/shared/api/schemas/tools';
import { toast } from '@/src/stores/toasts';
import { FormField, type FieldStyles } from '../ui/FormField';
import { useNeedsVerification, VerifyEmailNotice } from '../auth/VerifyEmailNotice';
import { errorAt, setServerErrors } from '../ui/form-state';
import { useApiMutation } from '../hooks/use-api';

interface Props {
  tool: { id: string; name: string; host: string };
}

interface Values {
  method: 'email' | 'well_known';
  email: string;
  organisation: string;
}

const STYLES: FieldStyles = { field: 'tf-field', hint: 'tf-hint', error: 'tf-error' };

function rules(values: Values): Record<string, string> {
  const messages: Record<string, string> = {};
  if (values.method === 'email' && !values.email.trim()) messages['email'] = 'Enter an address at the official domain';
  const parsed = z.safeParse(ToolClaimInputSchema, { method: values.method, email: values.email || null, organisation: values.organisation || null });
  if (!parsed.success) for (const issue of parsed.error.issues) messages[String(issue.path[0] ?? 'email')] ??= issue.message;
  return messages;
}

export default function ClaimForm({ tool }: Props) {
  const [schema] = useState(() => rulesSchema<Values>(rules));
  const unverified = useNeedsVerification();
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { method: 'email', email: '', organisation: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting } = form.formState;
  const [claim, setClaim] = useState<ToolClaim | null>(null);
  const uid = useId();
  const method = form.watch('method');

  const start = useApiMutation(
    (_signal, values: Values) =>
      api('POST /api/tools/{toolId}/claims', {
        params: { toolId: tool.id },
        body: { method: values.method, email: values.method === 'email' ? values.email : null, organisation: values.organisation || null },
      }),
    {
      onSuccess: setClaim,
      onError: (error) => {
        setServerErrors(form, error);
        toast({ title: 'Claim not started', description: error.message, variant: 'destructive' });
      },
    },
  );
  const submit = form.handleSubmit((values) => start.run(values));

  const verify = useApiMutation((_signal, claimId: string) => api('POST /api/tool-claims/{claimId}/verify', { params: { claimId }, body: {} }), {
    onSuccess: setClaim,
  });
  const checking = verify.busy;
  const problem = verify.error?.message ?? null;

  function check() {
    if (claim) void verify.run(claim.id);
  }

  if (claim?.status === 'verified') {
    return (
      <div className="tf-card card" role="status">
        <h2>You are the verified maintainer of {tool.name}</h2>
        <p>
          <a className="btn btn-primary" href={`/ai-tools/manage/${tool.id}`}>
            Manage {tool.name}
          </a>
        </p>
      </div>
    );
  }
  if (claim?.status === 'in_review') {
    return (
      <div className="tf-card card" role="status">
        <h2>Proven: an administrator decides</h2>
        <p>{tool.name} already has a maintainer, so an administrator reviews your claim. You will get an email.</p>
      </div>
    );
  }
  if (claim?.method === 'email') {
    return (
      <div className="tf-card card" role="status">
        <h2>Check {claim.email}</h2>
        <p>We sent a link to {claim.email}. Open it while signed in to this account to finish the claim. It works once, for 24 hours.</p>
      </div>
    );
  }
  if (claim?.method === 'well_known') {
    return (
      <div className="tf-card card">
        <h2>Publish this text on {tool.host}</h2>
        <p>Put this line in a plain text file at:</p>
        <code className="tf-code">{claim.wellKnownUrl}</code>
        <code className="tf-code" data-claim-challenge>
          {claim.challenge}
        </code>
        <p>
          <button type="button" className="btn btn-primary" onClick={check} disabled={checking}>
            Check now
          </button>
        </p>
        {problem && (
          <p className="tf-error" role="alert">
            {problem}
          </p>
        )}
      </div>
    );
  }

  if (unverified) return <VerifyEmailNotice action={`claim ${tool.name}`} />;
  return (
    <form className="tf-form" onSubmit={(e) => void submit(e)} noValidate aria-label={`Claim ${tool.name}`}>
      <fieldset className="tf-field">
        <legend>How do you prove you control {tool.host}?</legend>
        <label>
          <input type="radio" value="email" {...form.register('method')} /> An email to an address at {tool.host}
        </label>
        <label>
          <input type="radio" value="well_known" {...form.register('method')} /> A file on {tool.host} (/.well-known/toolmint-verification.txt)
        </label>
      </fieldset>
      {method === 'email' && (
        <FormField id={`${uid}-email`} styles={STYLES} label={`Email address at ${tool.host}`} error={errorAt(errors, 'email')}>
          {(control) => <input {...control} className="text-control" type="email" placeholder={`you@${tool.host}`} {...form.register('email')} />}
        </FormField>
      )}
      <FormField
        id={`${uid}-organisation`}
        styles={STYLES}
        label={
          <>
            Maintained by <span className="tf-hint">(optional: your organisation; else your name)</span>
          </>
        }
        error={errorAt(errors, 'organisation')}
      >
        {(control) => <input {...control} className="text-control" {...form.register('organisation')} />}
      </FormField>
      <div className="tf-actions">
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          Claim {tool.name}
        </button>
      </div>
    </form>
  );
}
