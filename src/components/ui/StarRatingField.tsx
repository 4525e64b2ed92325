/**
 * A 1-to-5 star rating as a form field: five radio inputs in a fieldset with its legend and its
 * error, wired to the form library's controller (useController's field). Used by the product
 * review form and the seller review form. Like FormField, the looks are the feature's: its
 * class names through `styles`, and the star each choice shows through `star`.
 */
import type { ReactNode } from 'react';
import { errorIdOf } from './FormField';

export interface StarRatingStyles {
  fieldset: string;
  row: string;
  error: string;
}

interface Props {
  /** The fieldset's id (the error summary focuses it); the error's is `<id>-error`. */
  id: string;
  legend: ReactNode;
  styles: StarRatingStyles;
  /** The controller's field of the rating (0 while none is chosen). */
  field: { value: number; onChange(value: number): void; ref(element: HTMLInputElement | null): void };
  error?: string | undefined;
  star: ReactNode;
}

export function StarRatingField({ id, legend, styles, field, error, star }: Props) {
  const errorId = errorIdOf(id);
  return (
    <fieldset className={styles.fieldset} id={id} tabIndex={-1} aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      <div className={styles.row}>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={n <= field.value ? 'on' : undefined}>
            <input
              type="radio"
              name={`${id}-choice`}
              value={n}
              checked={field.value === n}
              onChange={() => field.onChange(n)}
              ref={n === 1 ? field.ref : undefined}
              aria-invalid={error ? true : undefined}
            />
            {star}
            <span className="visually-hidden">
              {n} {n === 1 ? 'star' : 'stars'}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p className={styles.error} id={errorId}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
