/**
 * The edit form of one's own profile (/profile#edit): full name, bio, company, location,
 * website, social links and specialties, checked with the server's own schema
 * (profileFormSchema: PUT /api/profile's body and the company rule of the account type) and
 * saved with PUT /api/profile: the form holds every editable field. The new name reaches the
 * header through $session and the page header through $ownProfile. State, unsaved changes
 * and errors are react-hook-form's (docs/decisions/019): checked on submit, then again as
 * fields change; 'Save' needs a change.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { formSchemaOf } from '@/src/shared/form-schema';
import { BIO_MAX_LENGTH, LOCATION_MAX_LENGTH, MAX_SPECIALTIES, SOCIAL_NETWORKS, SPECIALTY_MAX_LENGTH } from '@/src/shared/profile';
import { profileFormSchema, type ProfileFields, type ProfileReplace } from '@/src/shared/api/schemas/profile';
import { api } from '@/src/shared/api/client';
import type { UserType } from '@/src/shared/domain';
import { $session } from '@/src/stores/session';
import { $ownProfile } from '@/src/stores/profile';
import { toast } from '@/src/stores/toasts';
import { ErrorSummary } from '../ui/ErrorSummary';
import { FormField, type FieldStyles } from '../ui/FormField';
import { errorAt, errorList, registerWithValue, setServerErrors } from '../ui/form-state';
import { useApiMutation } from '../hooks/use-api';

interface Props {
  userType: UserType;
  initial: ProfileFields;
}

interface Values {
  fullName: string;
  bio: string;
  company: string;
  location: string;
  website: string;
  socialLinks: Record<string, string>;
  specialties: string[];
}

const toValues = (p: Props['initial']): Values => ({
  fullName: p.fullName,
  bio: p.bio ?? '',
  company: p.company ?? '',
  location: p.location ?? '',
  website: p.website ?? '',
  // Every network's input is registered, so each has a value (empty links are not sent).
  socialLinks: Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n.id, p.socialLinks[n.id] ?? ''])),
  specialties: [...p.specialties],
});

const FIELD_STYLES: FieldStyles = { field: 'pfield', hint: 'hint', error: 'ufield-error' };

const LABELS: Record<string, string> = {
  fullName: 'Full name',
  company: 'Company or project',
  location: 'Location',
  website: 'Website',
  bio: 'Bio',
  specialties: 'Specialties',
  ...Object.fromEntries(SOCIAL_NETWORKS.map((n) => [`socialLinks.${n.id}`, n.label])),
};

export default function ProfileEditForm({ userType, initial }: Props) {
  const [schema] = useState(() => formSchemaOf<Values>()(profileFormSchema(userType)));
  const form = useForm<Values, unknown, ProfileReplace>({
    resolver: zodResolver(schema),
    defaultValues: toValues(initial),
    // Checked on submit, then as fields change; the first field at fault takes focus (below).
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { errors, isDirty: dirty, isSubmitting: saving } = form.formState;
  const specialties = useController({ control: form.control, name: 'specialties' });
  const bio = useWatch({ control: form.control, name: 'bio' });
  const [specialty, setSpecialty] = useState('');
  const uid = useId();
  const id = (name: string) => `${uid}-${name.replace(/\W/g, '-')}`;
  const err = (name: string) => errorAt(errors, name);

  function addSpecialty() {
    const value = specialty.trim();
    if (!value) return;
    if (!specialties.field.value.some((s) => s.toLowerCase() === value.toLowerCase())) specialties.field.onChange([...specialties.field.value, value]);
    setSpecialty('');
  }

  function onSpecialtyKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      addSpecialty();
    }
  }

  const focusFirst = (paths: string[]) => {
    if (paths[0]) document.getElementById(id(paths[0]))?.focus();
  };

  const save = useApiMutation((_signal, value: ProfileReplace) => api('PUT /api/profile', { body: value }), {
    onSuccess: (body) => {
      form.reset(toValues(body));
      $ownProfile.set({ fullName: body.fullName, company: body.company, location: body.location, website: body.website, bio: body.bio });
      const session = $session.get();
      if (session.status === 'signed-in') {
        $session.set({ status: 'signed-in', user: { ...session.user, name: body.fullName, fullName: body.fullName, company: body.company } });
      }
      toast({ title: 'Profile updated', description: 'Your changes are saved.', variant: 'success' });
    },
    onError: (error) => {
      setServerErrors(form, error);
      toast({ title: 'Update failed', description: error.message, variant: 'destructive' });
    },
  });
  const submit = form.handleSubmit(
    (value) => save.run(value),
    (found) => focusFirst(errorList(found).map(([path]) => path)),
  );

  const text = (name: Exclude<keyof Values, 'socialLinks' | 'specialties'> | `socialLinks.${string}`) => registerWithValue(form, name as keyof Values);
  const full = specialties.field.value.length >= MAX_SPECIALTIES;

  return (
    <form className="pform" onSubmit={(e) => void submit(e)} noValidate aria-label="Edit your profile">
      <ErrorSummary items={errorList(errors).map(([path]) => ({ target: id(path), label: LABELS[path] ?? path }))} />
      <div className="pform-grid">
        <FormField id={id('fullName')} styles={FIELD_STYLES} label="Full name" error={err('fullName')}>
          {(control) => <input {...control} className="text-control" autoComplete="name" {...text('fullName')} />}
        </FormField>
        <FormField
          id={id('company')}
          styles={FIELD_STYLES}
          label={<>Company or project{userType === 'creator' ? '' : <span className="hint"> (optional)</span>}</>}
          error={err('company')}
        >
          {(control) => <input {...control} className="text-control" autoComplete="organization" {...text('company')} />}
        </FormField>
        <FormField
          id={id('location')}
          styles={FIELD_STYLES}
          label={
            <>
              Location <span className="hint">(optional)</span>
            </>
          }
          error={err('location')}
        >
          {(control) => <input {...control} className="text-control" maxLength={LOCATION_MAX_LENGTH + 20} placeholder="City, Country" {...text('location')} />}
        </FormField>
        <FormField
          id={id('website')}
          styles={FIELD_STYLES}
          label={
            <>
              Website <span className="hint">(optional)</span>
            </>
          }
          error={err('website')}
        >
          {(control) => <input {...control} className="text-control" type="url" inputMode="url" placeholder="https://" {...text('website')} />}
        </FormField>
      </div>
      <FormField
        id={id('bio')}
        styles={FIELD_STYLES}
        label={
          <>
            Bio{' '}
            <span className="hint">
              ({bio.trim().length}/{BIO_MAX_LENGTH})
            </span>
          </>
        }
        error={err('bio')}
      >
        {(control) => <textarea {...control} className="text-control" placeholder="What you build, for whom, and what you are good at." {...text('bio')} />}
      </FormField>

      <fieldset className="pfieldset">
        <legend>
          Specialties <span className="hint">(up to {MAX_SPECIALTIES}; the first 3 show on your profile)</span>
        </legend>
        {specialties.field.value.length > 0 ? (
          <ul className="pchips pchips-edit row-list">
            {specialties.field.value.map((s) => (
              <li key={s} className="pchip">
                {s}
                <button
                  type="button"
                  className="chip-x"
                  aria-label={`Remove ${s}`}
                  onClick={() => specialties.field.onChange(specialties.field.value.filter((x) => x !== s))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="pspecialty-add">
          <label htmlFor={id('specialties')} className="visually-hidden">
            Add a specialty
          </label>
          <input
            id={id('specialties')}
            className="text-control"
            aria-invalid={err('specialties') ? true : undefined}
            aria-describedby={err('specialties') ? `${id('specialties')}-error` : undefined}
            value={specialty}
            maxLength={SPECIALTY_MAX_LENGTH + 10}
            placeholder="e.g. n8n workflows"
            onChange={(e) => setSpecialty(e.target.value)}
            onKeyDown={onSpecialtyKey}
            disabled={full}
          />
          <button type="button" className="btn btn-secondary" onClick={addSpecialty} disabled={!specialty.trim() || full}>
            Add
          </button>
        </div>
        {err('specialties') ? (
          <p className="ufield-error" id={`${id('specialties')}-error`}>
            {err('specialties')}
          </p>
        ) : null}
      </fieldset>

      <fieldset className="pfieldset">
        <legend>
          Social links <span className="hint">(optional)</span>
        </legend>
        <div className="pform-grid">
          {SOCIAL_NETWORKS.map((n) => {
            const name = `socialLinks.${n.id}` as const;
            return (
              <FormField key={n.id} id={id(name)} styles={FIELD_STYLES} label={n.label} error={err(name)}>
                {(control) => (
                  <input {...control} className="text-control" type="url" inputMode="url" placeholder={`https://${n.hosts[0]}/…`} {...text(name)} />
                )}
              </FormField>
            );
          })}
        </div>
      </fieldset>

      <div className="pform-actions">
        <button type="button" className="btn btn-ghost" onClick={() => form.reset()} disabled={!dirty || saving}>
          Discard changes
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving || !dirty} aria-busy={saving}>
          {saving ? 'Saving…' : 'Save profile'}
        </button>
      </div>
    </form>
  );
}
