/**
 * The right-hand card of /auth (client:load island): a loading state first, then the login
 * form, the sign-up wizard or the forgot-password form by the `mode` query parameter,
 * links between them that update it, social sign-in and the assistant.
 *
 * Redirects (docs/decisions/003): a visitor already signed in when the page opens goes to /
 * (or to ?redirect); a sign-in completed here goes ~100 ms later, history replaced, to the
 * dashboard or onboarding (redirects.ts). Returning from OAuth (?signed_in=1) counts as a
 * sign-in completed here.
 */
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import type { UserType } from '@/src/shared/domain';
import { loadSession, setSignedIn } from '@/src/stores/session';
import { toast } from '@/src/stores/toasts';
import { AuthAssistant } from './AuthAssistant';
import { getProviders, type AuthUserPayload, type SocialProvider } from './auth-client';
import { preloadAuthResolvers } from './auth-resolvers';
import { Spinner } from './fields';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { LoginForm } from './LoginForm';
import { destinationAfterSignIn, markVisited, POST_SIGN_IN_DELAY_MS, redirectParam, replaceLocation } from './redirects';
import { SignupWizard } from './SignupWizard';
import { SocialButtons } from './SocialButtons';
import './auth.css';

export type AuthMode = 'login' | 'signup' | 'forgot-password';
const MODES: readonly AuthMode[] = ['login', 'signup', 'forgot-password'];

function modeFromUrl(): AuthMode {
  const value = new URLSearchParams(window.location.search).get('mode');
  return MODES.includes(value as AuthMode) ? (value as AuthMode) : 'login';
}

function urlForMode(mode: AuthMode): string {
  const params = new URLSearchParams(window.location.search);
  params.set('mode', mode);
  params.delete('signed_in');
  params.delete('error');
  return `/auth?${params.toString()}`;
}

const HEADINGS: Record<AuthMode, { title: string; subtitle: string }> = {
  login: { title: 'Welcome back', subtitle: 'Sign in to your toolmint account' },
  signup: { title: 'Create your account', subtitle: 'Join the AI creator operating system in three quick steps' },
  'forgot-password': { title: 'Reset your password', subtitle: "Enter your email and we'll send you a link to choose a new one" },
};

export default function AuthPage() {
  const [phase, setPhase] = useState<'loading' | 'ready' | 'leaving'>('loading');
  const [mode, setMode] = useState<AuthMode>('login');
  const [redirect, setRedirect] = useState<string | null>(null);
  const [providers, setProviders] = useState<Record<SocialProvider, boolean> | null>(null);
  const [assistantOpen, setAssistantOpen] = useState(false);
  const [preselectedType, setPreselectedType] = useState<UserType | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const modeChanged = useRef(false);

  useEffect(() => {
    markVisited();
    // The forms' validation (zod) is fetched now, not before the page could draw (docs/decisions/033).
    preloadAuthResolvers();
    const params = new URLSearchParams(window.location.search);
    const target = redirectParam();
    setMode(modeFromUrl());
    setRedirect(target);
    void getProviders()
      .then(setProviders)
      .catch(() => setProviders({ google: false, github: false }));
    void loadSession().then(async (state) => {
      if (state.status === 'signed-in') {
        setPhase('leaving');
        if (params.get('signed_in') === '1') replaceLocation(await destinationAfterSignIn(target), POST_SIGN_IN_DELAY_MS);
        else window.location.replace(target ?? '/');
        return;
      }
      if (params.get('error')) toast({ title: 'Login Error', description: 'Social sign-in did not complete. Please try again.', variant: 'destructive' });
      setPhase('ready');
    });
    const onPopState = () => setMode(modeFromUrl());
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  // After a mode switch, focus the new heading so keyboard and screen reader users follow.
  useEffect(() => {
    if (modeChanged.current) headingRef.current?.focus();
  }, [mode]);

  const switchMode = useCallback((next: AuthMode) => {
    modeChanged.current = true;
    window.history.pushState(null, '', urlForMode(next));
    setMode(next);
  }, []);

  const linkTo = (next: AuthMode) => ({
    href: `/auth?mode=${next}`,
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      event.preventDefault();
      switchMode(next);
    },
  });

  const onSignedIn = useCallback(
    async (user: AuthUserPayload) => {
      setSignedIn(user);
      replaceLocation(await destinationAfterSignIn(redirect), POST_SIGN_IN_DELAY_MS);
    },
    [redirect],
  );

  const onIntent = useCallback(
    (type: UserType) => {
      setPreselectedType(type);
      if (mode === 'login') switchMode('signup');
    },
    [mode, switchMode],
  );

  if (phase !== 'ready') {
    return (
      <div className="auth-card auth-loading">
        <h1 className="visually-hidden">Your toolmint account</h1>
        <Spinner label={phase === 'leaving' ? 'Redirecting' : 'Loading'} />
        <p className="muted">{phase === 'leaving' ? 'You are signed in. Redirecting…' : 'Loading…'}</p>
      </div>
    );
  }

  const heading = HEADINGS[mode];
  return (
    <div className="auth-card" data-mode={mode}>
      <div className="auth-card-head">
        <h1 ref={headingRef} tabIndex={-1}>
          {heading.title}
        </h1>
        <p className="muted">{heading.subtitle}</p>
      </div>

      {assistantOpen && <AuthAssistant onIntent={onIntent} onClose={() => setAssistantOpen(false)} />}

      {mode === 'login' && (
        <>
          <LoginForm onSignedIn={(user) => void onSignedIn(user)} onForgotPassword={() => switchMode('forgot-password')} />
          <SocialButtons providers={providers} redirect={redirect} />
          <p className="auth-switch">
            Don't have an account? <a {...linkTo('signup')}>Sign up</a>
          </p>
        </>
      )}
      {mode === 'signup' && (
        <>
          <SignupWizard preselectedType={preselectedType} redirect={redirect} />
          <SocialButtons providers={providers} redirect={redirect} />
          <p className="auth-switch">
            Already have an account? <a {...linkTo('login')}>Sign in</a>
          </p>
        </>
      )}
      {mode === 'forgot-password' && (
        <>
          <ForgotPasswordForm onBackToSignIn={() => switchMode('login')} />
          <p className="auth-switch">
            Remembered it? <a {...linkTo('login')}>Sign in</a> · New here? <a {...linkTo('signup')}>Create an account</a>
          </p>
        </>
      )}

      {!assistantOpen && (
        <button type="button" className="assistant-open" onClick={() => setAssistantOpen(true)}>
          <span aria-hidden="true">✦</span> Need Help? Ask AI
        </button>
      )}
    </div>
  );
}
