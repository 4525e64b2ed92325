/**
 * Google and GitHub sign-in through better-auth's OAuth. Only the providers configured on the
 * server (GET /api/auth/providers, from the env of env/index.ts) get a button; with
 * none configured (or while the answer is pending) there are no buttons and no 'or' divider,
 * since a button that cannot sign anyone in is a broken promise (issue 15).
 */
import { toast } from '@/src/stores/toasts';
import { signInSocial, type SocialProvider, toastUnexpectedError } from './auth-client';
import { onboardingUrl } from './redirects';
import { useApiMutation } from '../hooks/use-api';
import { leavePage } from '../hooks/leave-page';

const PROVIDERS: readonly { id: SocialProvider; name: string }[] = [
  { id: 'google', name: 'Google' },
  { id: 'github', name: 'GitHub' },
];

function ProviderIcon({ id }: { id: SocialProvider }) {
  if (id === 'google') {
    return (
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path
          fill="#EA4335"
          d="M12 10.2v3.9h5.4c-.2 1.3-1.6 3.8-5.4 3.8-3.2 0-5.9-2.7-5.9-6s2.7-6 5.9-6c1.9 0 3.1.8 3.8 1.5l2.6-2.5C16.8 3.3 14.6 2.4 12 2.4 6.7 2.4 2.4 6.7 2.4 12s4.3 9.6 9.6 9.6c5.5 0 9.2-3.9 9.2-9.4 0-.6-.1-1.1-.2-1.6H12z"
        />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        fill="currentColor"
        d="M12 .5a11.5 11.5 0 0 0-3.6 22.4c.6.1.8-.3.8-.6v-2c-3.2.7-3.9-1.5-3.9-1.5-.5-1.3-1.3-1.7-1.3-1.7-1-.7.1-.7.1-.7 1.2.1 1.8 1.2 1.8 1.2 1 1.8 2.8 1.3 3.5 1 .1-.8.4-1.3.7-1.6-2.6-.3-5.3-1.3-5.3-5.7 0-1.3.5-2.3 1.2-3.1-.1-.3-.5-1.5.1-3.1 0 0 1-.3 3.2 1.2a11 11 0 0 1 5.8 0c2.2-1.5 3.2-1.2 3.2-1.2.6 1.6.2 2.8.1 3.1.8.8 1.2 1.9 1.2 3.1 0 4.4-2.7 5.4-5.3 5.7.4.4.8 1.1.8 2.2v3.3c0 .3.2.7.8.6A11.5 11.5 0 0 0 12 .5Z"
      />
    </svg>
  );
}

interface Props {
  providers: Record<SocialProvider, boolean> | null;
  redirect: string | null;
}

export function SocialButtons({ providers, redirect }: Props) {
  // Back on /auth as a sign-in event (signed_in=1), new accounts straight to onboarding.
  const back = `/auth?mode=login&signed_in=1${redirect ? `&redirect=${encodeURIComponent(redirect)}` : ''}`;
  const signIn = useApiMutation(
    async (_signal, id: SocialProvider, _name: string) => {
      const result = await signInSocial(id, back, onboardingUrl(redirect));
      // Off to the provider: 'Redirecting...' until its page opens.
      return result.data?.url ? leavePage(result.data.url) : result;
    },
    {
      onSuccess: ({ error }, _id, name) =>
        toast({ title: 'Login Error', description: error?.message ?? `${name} sign-in is not available right now.`, variant: 'destructive' }),
      onError: toastUnexpectedError,
    },
  );
  const pending = signIn.pending?.[0] ?? null;
  const start = (id: SocialProvider, name: string) => void signIn.run(id, name);

  const shown = PROVIDERS.filter((p) => providers?.[p.id]);
  if (shown.length === 0) return null;

  return (
    <div className="social">
      <div className="auth-divider">
        <span>or continue with</span>
      </div>
      <div className="social-buttons">
        {shown.map((p) => (
          <button key={p.id} type="button" className="btn btn-secondary social-button" onClick={() => start(p.id, p.name)} disabled={pending !== null}>
            <ProviderIcon id={p.id} />
            {pending === p.id ? 'Redirecting...' : p.name}
          </button>
        ))}
      </div>
    </div>
  );
}
