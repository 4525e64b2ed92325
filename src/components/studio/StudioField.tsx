/**
 * A field of the product editor on the shared FormField, in the studio's style: label with
 * '(optional)' or a required mark, a character counter, a hint that gives way to the error,
 * and the live URL check of spec section 5 (green when valid, red otherwise) under it.
 */
import type { ReactNode } from 'react';
import type { UrlCheck } from '@/src/shared/quality-score';
import { FormField, type ControlProps, type FieldStyles } from '../ui/FormField';
import { AlertIcon, CheckIcon } from './icons';

export const STUDIO_FIELD_STYLES: FieldStyles = { field: 'st-field', labelRow: 'st-label-row', labelWrap: 'st-label', hint: 'st-hint', error: 'st-error' };

interface Props {
  label: string;
  id: string;
  error?: string | undefined;
  hint?: string | undefined;
  counter?: string;
  optional?: boolean;
  required?: boolean;
  status?: UrlCheck | null;
  children(control: ControlProps): ReactNode;
}

export function StudioField({ label, id, error, hint, counter, optional = false, required = false, status = null, children }: Props) {
  const statusId = `${id}-status`;
  const shown = status && status.state !== 'empty' && !error ? status : null;
  const showStatus = shown !== null;
  return (
    <FormField
      id={id}
      styles={STUDIO_FIELD_STYLES}
      label={
        <>
          {label}
          {optional && <span className="st-optional"> (optional)</span>}
        </>
      }
      labelAfter={
        required ? (
          <span className="st-req" aria-hidden="true">
            *
          </span>
        ) : null
      }
      labelExtra={
        counter ? (
          <span className="st-counter" aria-hidden="true">
            {counter}
          </span>
        ) : null
      }
      error={error}
      hint={error ? undefined : hint}
      describedBy={showStatus ? statusId : undefined}
      after={
        shown ? (
          <p className={`st-url-status is-${shown.state}`} id={statusId} role="status">
            {shown.state === 'valid' ? <CheckIcon size={14} /> : <AlertIcon size={14} />} {shown.message}
          </p>
        ) : null
      }
    >
      {(control) => children({ ...control, 'aria-invalid': control['aria-invalid'] ?? (status?.state === 'invalid' ? true : undefined) })}
    </FormField>
  );
}
