/**
 * The edit form of one's own profile (/profile#edit): full name, bio, company, location,
 * website, social links and specialties, checked with the same rules as the server
 * (src/shared/profile.ts) and saved with PATCH /api/profile. The new name reaches the header
 * through $session and the page header through $ownProfile.
 */
import { useId, useState, type SubmitEvent, type KeyboardEvent } from 'react';
import {
  BIO_MAX_LENGTH, LOCATION_MAX_LENGTH, MAX_SPECIALTIES, SOCIAL_NETWORKS, SPECIALTY_MAX_LENGTH, validateProfile,
  type ProfileFields,
} from '../../shared/profile';
import type { UserType } from '../../shared/domain';
import { $session } from '../../stores/session';
import { $ownProfile } from '../../stores/profile';
import { toast } from '../../stores/toasts';

interface Props {
  userType: UserType;
  initial: {
    fullName: string;
    bio: string | null;
    company: string | null;
    location: string | null;
    website: string | null;
    socialLinks: Record<string, string>;
    specialties: string[];
  };
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
  socialLinks: { ...p.socialLinks },
  specialties: [...p.specialties],
});

export default function ProfileEditForm({ userType, initial }: Props) {
  const [values, setValues] = useState<Values>(() => toValues(initial));
  const [saved, setSaved] = useState<Values>(() => toValues(initial));
  const [errors, setErrors] = useState<ProfileFields>({});
  const [checking, setChecking] = useState(false);
  const [saving, setSaving] = useState(false);
  const [specialty, setSpecialty] = useState('');
  const uid = useId();
  const id = (name: string) => `${uid}-${name.replace(/\W/g, '-')}`;
  const dirty = JSON.stringify(values) !== JSON.stringify(saved);

  function update(next: Values) {
    setValues(next);
    if (checking) {
      const checked = validateProfile(next, userType);
      setErrors(checked.ok ? {} : checked.fields);
    }
  }
  const set = (field: Exclude<keyof Values, 'socialLinks' | 'specialties'>) => (value: string) => update({ ...values, [field]: value });

  function addSpecialty() {
    const value = specialty.trim();
    if (!value) return;
    if (values.specialties.some((s) => s.toLowerCase() === value.toLowerCase())) {
      setSpecialty('');
      return;
    }
    update({ ...values, specialties: [...values.specialties, value] });
    setSpecialty('');
  }

  function onSpecialtyKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      addSpecialty();
    }
  }

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (saving) return;
    setChecking(true);
    const checked = validateProfile(values, userType);
    if (!checked.ok) {
      setErrors(checked.fields);
      const first = Object.keys(checked.fields)[0];
      if (first) document.getElementById(id(first))?.focus();
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const response = await fetch('/api/profile', {
        method: 'PATCH',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(checked.value),
      });
      const body = (await response.json().catch(() => null)) as (Props['initial'] & { error?: undefined }) | { error: { message?: string; fields?: ProfileFields } } | null;
      if (!response.ok || !body || body.error) {
        const error = body?.error;
        if (error?.fields) setErrors(error.fields);
        toast({ title: 'Update failed', description: error?.message ?? 'Failed to update profile', variant: 'destructive' });
        return;
      }
      const next = toValues(body);
      setValues(next);
      setSaved(next);
      $ownProfile.set({ fullName: body.fullName, company: body.company, location: body.location, website: body.website, bio: body.bio });
      const session = $session.get();
      if (session.status === 'signed-in') {
        $session.set({ status: 'signed-in', user: { ...session.user, name: body.fullName, fullName: body.fullName, company: body.company } });
      }
      toast({ title: 'Profile updated', description: 'Your changes are saved.', variant: 'success' });
    } catch (error) {
      console.warn('[profile] save failed:', error);
      toast({ title: 'Update failed', description: 'Something went wrong. Please try again.', variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  const field = (name: keyof ProfileFields) => ({
    id: id(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? id(`${name}-error`) : undefined,
  });
  const error = (name: keyof ProfileFields) => (errors[name] ? <p className="ufield-error" id={id(`${name}-error`)}>{errors[name]}</p> : null);

  return (
    <form className="pform" onSubmit={(e) => void submit(e)} noValidate aria-label="Edit your profile">
      <div className="pform-grid">
        <div className="pfield">
          <label htmlFor={id('fullName')}>Full name</label>
          <input {...field('fullName')} value={values.fullName} autoComplete="name" onChange={(e) => set('fullName')(e.target.value)} />
          {error('fullName')}
        </div>
        <div className="pfield">
          <label htmlFor={id('company')}>Company or project{userType === 'creator' ? '' : <span className="hint"> (optional)</span>}</label>
          <input {...field('company')} value={values.company} autoComplete="organization" onChange={(e) => set('company')(e.target.value)} />
          {error('company')}
        </div>
        <div className="pfield">
          <label htmlFor={id('location')}>Location <span className="hint">(optional)</span></label>
          <input {...field('location')} value={values.location} maxLength={LOCATION_MAX_LENGTH + 20} placeholder="City, Country" onChange={(e) => set('location')(e.target.value)} />
          {error('location')}
        </div>
        <div className="pfield">
          <label htmlFor={id('website')}>Website <span className="hint">(optional)</span></label>
          <input {...field('website')} type="url" inputMode="url" value={values.website} placeholder="https://" onChange={(e) => set('website')(e.target.value)} />
          {error('website')}
        </div>
      </div>
      <div className="pfield">
        <label htmlFor={id('bio')}>Bio <span className="hint">({values.bio.trim().length}/{BIO_MAX_LENGTH})</span></label>
        <textarea {...field('bio')} value={values.bio} placeholder="What you build, for whom, and what you are good at." onChange={(e) => set('bio')(e.target.value)} />
        {error('bio')}
      </div>

      <fieldset className="pfieldset">
        <legend>Specialties <span className="hint">(up to {MAX_SPECIALTIES}; the first 3 show on your profile)</span></legend>
        {values.specialties.length > 0 ? (
          <ul className="pchips pchips-edit">
            {values.specialties.map((s) => (
              <li key={s} className="pchip">
                {s}
                <button type="button" aria-label={`Remove ${s}`} onClick={() => update({ ...values, specialties: values.specialties.filter((x) => x !== s) })}>×</button>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="pspecialty-add">
          <label htmlFor={id('specialties')} className="visually-hidden">Add a specialty</label>
          <input
            {...field('specialties')}
            value={specialty}
            maxLength={SPECIALTY_MAX_LENGTH + 10}
            placeholder="e.g. n8n workflows"
            onChange={(e) => setSpecialty(e.target.value)}
            onKeyDown={onSpecialtyKey}
            disabled={values.specialties.length >= MAX_SPECIALTIES}
          />
          <button type="button" className="btn btn-secondary" onClick={addSpecialty} disabled={!specialty.trim() || values.specialties.length >= MAX_SPECIALTIES}>Add</button>
        </div>
        {error('specialties')}
      </fieldset>

      <fieldset className="pfieldset">
        <legend>Social links <span className="hint">(optional)</span></legend>
        <div className="pform-grid">
          {SOCIAL_NETWORKS.map((n) => {
            const name = `socialLinks.${n.id}` as const;
            return (
              <div className="pfield" key={n.id}>
                <label htmlFor={id(name)}>{n.label}</label>
                <input
                  {...field(name)}
                  type="url"
                  inputMode="url"
                  value={values.socialLinks[n.id] ?? ''}
                  placeholder={`https://${n.hosts[0]}/…`}
                  onChange={(e) => update({ ...values, socialLinks: { ...values.socialLinks, [n.id]: e.target.value } })}
                />
                {error(name)}
              </div>
            );
          })}
        </div>
      </fieldset>

      <div className="pform-actions">
        <button type="button" className="btn btn-ghost" onClick={() => { setValues(saved); setErrors({}); setChecking(false); }} disabled={!dirty || saving}>Discard changes</button>
        <button type="submit" className="btn btn-primary" disabled={saving || !dirty} aria-busy={saving}>{saving ? 'Saving…' : 'Save profile'}</button>
      </div>
    </form>
  );
}
