/**
 * One labelled form control with its hint and error, shared by every form (docs/decisions/019).
 * It owns the accessibility wiring so no form repeats it: the label points at the control,
 * the control gets aria-invalid while it has an error and aria-describedby naming the error
 * and the hint, and the error has a stable id (`<id>-error`) the error summary can rely on.
 * The control itself is the caller's (an input registered with the form library, a select,
 * a textarea with an adornment), rendered through `children(control)`. Looks come from the
 * feature's stylesheet through `styles`, so the auth card, the studio and the profile keep
 * their own design.
 */
import { useId, type ReactNode } from 'react';

/** Class names of one feature's stylesheet. */
export interface FieldStyles {
  field: string;
  /** Added to `field` while the control has an error. */
  invalid?: string;
  /** A row holding the label and `labelExtra` (a counter, a link); without it the label stands alone. */
  labelRow?: string;
  /** Wraps the label and `labelAfter` (a required mark) inside the row. */
  labelWrap?: string;
  label?: string;
  /** A row holding the control before its label (a checkbox). */
  controlFirst?: string;
  hint: string;
  error: string;
  /** role="alert" on the error: it is announced as it appears (the auth forms). */
  alertErrors?: boolean;
}

/** What the control must carry. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface Props {
  label: ReactNode;
  styles: FieldStyles;
  error?: string | null | undefined;
  hint?: ReactNode;
  /** The control's id; a generated one when absent. */
  id?: string;
  /** Right after the label, inside its wrap (a required mark). */
  labelAfter?: ReactNode;
  /** At the end of the label row (a character counter, 'Forgot password?'). */
  labelExtra?: ReactNode;
  /** Between the hint and the error (a live URL check). */
  after?: ReactNode;
  /** Extra ids for aria-describedby (a status line). */
  describedBy?: string | undefined;
  children(control: ControlProps): ReactNode;
}

export const errorIdOf = (id: string) => `${id}-error`;

export function FormField({ label, styles, error, hint, id, labelAfter, labelExtra, after, describedBy, children }: Props) {
  const generated = useId();
  const controlId = id ?? generated;
  const errorId = errorIdOf(controlId);
  const hintId = `${controlId}-hint`;
  const control: ControlProps = {
    id: controlId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [error ? errorId : null, hint ? hintId : null, describedBy ?? null].filter(Boolean).join(' ') || undefined,
  };
  const labelNode = (
    <label htmlFor={controlId} className={styles.label}>
      {label}
    </label>
  );
  const wrapped = styles.labelWrap ? (
    <span className={styles.labelWrap}>
      {labelNode}
      {labelAfter}
    </span>
  ) : (
    <>
      {labelNode}
      {labelAfter}
    </>
  );
  return (
    <div className={error && styles.invalid ? `${styles.field} ${styles.invalid}` : styles.field}>
      {styles.controlFirst ? (
        <div className={styles.controlFirst}>
          {children(control)}
          {wrapped}
        </div>
      ) : (
        <>
          {styles.labelRow ? (
            <div className={styles.labelRow}>
              {wrapped}
              {labelExtra}
            </div>
          ) : (
            <>
              {wrapped}
              {labelExtra}
            </>
          )}
          {children(control)}
        </>
      )}
      {hint ? (
        <div id={hintId} className={styles.hint}>
          {hint}
        </div>
      ) : null}
      {after}
      {error ? (
        <p id={errorId} className={styles.error} role={styles.alertErrors ? 'alert' : undefined}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
