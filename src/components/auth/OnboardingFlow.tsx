/**
 * /onboarding (client:load island, rendered on demand with the signed-in user): interests
 * for everyone; specialties and a bio for creators; Skip at any step. The answer is stored
 * on the server profile (POST /api/profile/onboarding) and mirrored in the local flags of
 * spec section 3, then the user goes on to the dashboard (or where they were headed).
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { useStepFocus } from '../ui/use-step-focus';
import { BIO_MAX_LENGTH, INTEREST_OPTIONS, MAX_SPECIALTIES, SPECIALTY_MAX_LENGTH, SPECIALTY_SUGGESTIONS } from '@/src/shared/onboarding';
import type { UserType } from '@/src/shared/domain';
import { toast } from '@/src/stores/toasts';
import { api } from '@/src/shared/api/client';
import { useApiMutation } from '../hooks/use-api';
import { leavePage } from '../hooks/leave-page';
import { toastUnexpectedError } from './auth-client';
import type { Onboarding } from '@/src/shared/api/schemas/profile';
import { mirrorOnboarding } from './redirects';
import { COMMUNITY_LINKS } from '@/src/shared/community-qa';
import './auth.css';

interface Props {
  firstName: string;
  userType: UserType;
  initial: Onboarding;
  /** Where to go afterwards (a validated same-site path). */
  next: string;
}

export default function OnboardingFlow({ firstName, userType, initial, next }: Props) {
  const isCreator = userType === 'creator';
  const steps = isCreator ? ['Interests', 'Your expertise'] : ['Interests'];
  const [step, setStep] = useState(0);
  const [interests, setInterests] = useState<string[]>(initial.interests);
  const [specialties, setSpecialties] = useState<string[]>(initial.specialties);
  const [specialtyInput, setSpecialtyInput] = useState('');
  const [bio, setBio] = useState(initial.bio ?? '');
  const headingRef = useStepFocus<HTMLHeadingElement>(step);
  const specialtyId = useId();
  const bioId = useId();

  const toggleInterest = (id: string) => setInterests((list) => (list.includes(id) ? list.filter((i) => i !== id) : [...list, id]));

  function addSpecialty(value: string) {
    const text = value.trim().slice(0, SPECIALTY_MAX_LENGTH);
    if (text.length < 2 || specialties.length >= MAX_SPECIALTIES) return;
    if (specialties.some((s) => s.toLowerCase() === text.toLowerCase())) return;
    setSpecialties((list) => [...list, text]);
    setSpecialtyInput('');
  }

  function onSpecialtyKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      addSpecialty(specialtyInput);
    }
  }

  const save = useApiMutation(
    async (_signal, action: 'complete' | 'skip') => {
      const data = await api('POST /api/profile/onboarding', {
        body: action === 'skip' ? { action } : { action, interests, specialties: isCreator ? specialties : [], bio: isCreator ? bio : '' },
      });
      mirrorOnboarding(data.status, action === 'complete' ? { interests: data.interests, specialties: data.specialties, bio: data.bio } : undefined);
      return leavePage(next, 'replace');
    },
    {
      onError: (failure) => {
        if (failure.code === 'NETWORK' || failure.code === 'INTERNAL') toastUnexpectedError();
        else toast({ title: 'Could not save', description: failure.message, variant: 'destructive' });
      },
    },
  );
  // Busy until the next page opens.
  const saving = save.pending?.[0] ?? null;
  const finish = (action: 'complete' | 'skip') => {
    if (!saving) void save.run(action);
  };

  const last = step === steps.length - 1;

  return (
    <div className="auth-card onboarding">
      <p className="eyebrow">
        Step {step + 1} of {steps.length}: {steps[step]}
      </p>
      {step === 0 && (
        <fieldset className="onboarding-step">
          <legend>
            <h1 ref={headingRef} tabIndex={-1}>
              Welcome, {firstName}! What are you interested in?
            </h1>
          </legend>
          <p className="muted">Pick a few topics and we'll tailor your recommendations. You can change them later.</p>
          <div className="chips">
            {INTEREST_OPTIONS.map((option) => (
              <label key={option.id} className={`chip${interests.includes(option.id) ? ' selected' : ''}`}>
                <input type="checkbox" checked={interests.includes(option.id)} onChange={() => toggleInterest(option.id)} />
                {option.label}
              </label>
            ))}
          </div>
          {userType === 'community' ? (
            <div className="onboarding-next" data-community-start>
              <p>
                <strong>Then, the community:</strong> a space for every AI tool, plus Help, Automation and more. Your dashboard links there too.
              </p>
              <ul>
                <li>
                  <a href={COMMUNITY_LINKS.newThread}>Start a discussion</a>
                </li>
                <li>
                  <a href={COMMUNITY_LINKS.spaces}>Browse spaces</a>
                </li>
                <li>
                  <a href={COMMUNITY_LINKS.unanswered}>Answer questions</a>
                </li>
              </ul>
            </div>
          ) : null}
        </fieldset>
      )}
      {step === 1 && isCreator && (
        <div className="onboarding-step">
          <h1 ref={headingRef} tabIndex={-1}>
            Tell buyers what you're great at
          </h1>
          <p className="muted">Your specialties and bio appear on your public creator profile.</p>
          <div className="auth-field">
            <label htmlFor={specialtyId}>
              Specialties ({specialties.length}/{MAX_SPECIALTIES})
            </label>
            <div className="specialty-entry">
              <input
                id={specialtyId}
                className="auth-input"
                value={specialtyInput}
                maxLength={SPECIALTY_MAX_LENGTH}
                placeholder="e.g. n8n workflows"
                onChange={(e) => setSpecialtyInput(e.target.value)}
                onKeyDown={onSpecialtyKey}
                disabled={specialties.length >= MAX_SPECIALTIES}
              />
              <button type="button" className="btn btn-secondary" onClick={() => addSpecialty(specialtyInput)} disabled={specialtyInput.trim().length < 2}>
                Add
              </button>
            </div>
            {specialties.length > 0 && (
              <ul className="chips" aria-label="Your specialties">
                {specialties.map((s) => (
                  <li key={s} className="chip selected">
                    {s}
                    <button
                      type="button"
                      className="chip-remove chip-x"
                      onClick={() => setSpecialties((list) => list.filter((x) => x !== s))}
                      aria-label={`Remove ${s}`}
                    >
                      ×
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <div className="chips suggestions" role="group" aria-label="Suggestions">
              {SPECIALTY_SUGGESTIONS.filter((s) => !specialties.includes(s)).map((s) => (
                <button key={s} type="button" className="chip" onClick={() => addSpecialty(s)} disabled={specialties.length >= MAX_SPECIALTIES}>
                  + {s}
                </button>
              ))}
            </div>
          </div>
          <div className="auth-field">
            <label htmlFor={bioId}>Short bio</label>
            <textarea
              id={bioId}
              className="auth-input"
              rows={4}
              maxLength={BIO_MAX_LENGTH}
              value={bio}
              placeholder="What do you build, and for whom?"
              onChange={(e) => setBio(e.target.value)}
              aria-describedby={`${bioId}-count`}
            />
            <p id={`${bioId}-count`} className="auth-hint">
              {bio.length}/{BIO_MAX_LENGTH} characters
            </p>
          </div>
        </div>
      )}
      <div className="wizard-actions onboarding-actions">
        <button type="button" className="btn btn-ghost" onClick={() => finish('skip')} disabled={saving !== null}>
          {saving === 'skip' ? 'Skipping...' : 'Skip for now'}
        </button>
        <span className="spacer" />
        {step > 0 && (
          <button type="button" className="btn btn-secondary" onClick={() => setStep((s) => s - 1)} disabled={saving !== null}>
            Back
          </button>
        )}
        {last ? (
          <button type="button" className="btn btn-primary" onClick={() => finish('complete')} disabled={saving !== null}>
            {saving === 'complete' ? 'Saving...' : 'Finish'}
          </button>
        ) : (
          <button type="button" className="btn btn-primary" onClick={() => setStep((s) => s + 1)} disabled={saving !== null}>
            Continue
          </button>
        )}
      </div>
    </div>
  );
}
