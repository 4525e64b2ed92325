/**
 * Focus for multi-step forms (sign-up, onboarding): when the step changes, focus moves to
 * the new step's heading so a screen reader announces it; not on the first render, where
 * the page decides. Returns the ref to put on the heading (with tabIndex={-1}).
 */
import { useEffect, useRef } from 'react';

export function useStepFocus<T extends HTMLElement>(step: unknown) {
  const heading = useRef<T>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);
  return heading;
}
