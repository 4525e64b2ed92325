/**
 * The error summary of every form (docs/decisions/019): after a failed submit it says what
 * went wrong and links to each field at fault, by the field's label (the message itself sits
 * under the field, so each message is on the page once). Following a link focuses the field,
 * after `onFollow` has made it reachable (the editor opens the field's section first).
 *
 * Focus: when a field is at fault, the form moves focus to the first such field, as it did
 * before this summary existed, and the summary is announced (role="alert"). When the failure
 * belongs to no field (a declined card, a refused request), there is no field to go to, so
 * the summary takes focus itself: pass a new `focusKey` (the attempt number) each time.
 */
import { useEffect, useRef, type MouseEvent } from 'react';
import './forms.css';

export interface SummaryItem {
  /** The control's id, or a key `onFollow` understands (a field path). */
  target: string;
  label: string;
}

interface Props {
  items: readonly SummaryItem[];
  /** A message for the whole form; without it, the number of fields at fault. */
  title?: string | null | undefined;
  /** Takes focus each time this changes to a truthy value. */
  focusKey?: number | string | null;
  /** Makes the target reachable and focuses it; by default the element with that id is focused. */
  onFollow?(target: string): void;
  className?: string;
}

const fieldsNeedAttention = (count: number) => `${count} field${count === 1 ? ' needs' : 's need'} attention`;

export function ErrorSummary({ items, title, focusKey = null, onFollow, className }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const visible = Boolean(title) || items.length > 0;

  useEffect(() => {
    if (focusKey && visible) ref.current?.focus();
  }, [focusKey, visible]);

  if (!visible) return null;

  const follow = (event: MouseEvent<HTMLAnchorElement>, target: string) => {
    event.preventDefault();
    if (onFollow) return onFollow(target);
    const element = document.getElementById(target);
    element?.scrollIntoView({ block: 'center' });
    element?.focus({ preventScroll: true });
  };

  return (
    <div ref={ref} className={className ? `error-summary ${className}` : 'error-summary'} role="alert" tabIndex={-1}>
      <p className="error-summary-title">{title ?? `${fieldsNeedAttention(items.length)}:`}</p>
      {items.length > 0 ? (
        <ul className="error-summary-list row-list">
          {items.map((item) => (
            <li key={item.target}>
              <a href={`#${item.target}`} onClick={(event) => follow(event, item.target)}>
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
