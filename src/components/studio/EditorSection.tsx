/**
 * One section of the product editor, numbered and titled from SECTION_HEADINGS. On small screens it folds (a button with
 * aria-expanded); from 768 px every section is open and the heading is plain text.
 */
import type { ReactNode } from 'react';
import { CheckIcon, ChevronIcon } from './icons';
import { SECTION_HEADINGS } from './sections/section-props';
import type { SectionId } from './use-product-form';

interface Props {
  id: SectionId;
  collapsible: boolean;
  open: boolean;
  onToggle(id: string): void;
  complete?: boolean;
  required?: boolean;
  /** Highlighted until the creator acts (the delivery method). */
  attention?: string | null;
  children: ReactNode;
}

export function EditorSection({ id, collapsible, open, onToggle, complete = false, required = false, attention = null, children }: Props) {
  const number = SECTION_HEADINGS.findIndex((s) => s.id === id) + 1;
  const { title, description } = SECTION_HEADINGS[number - 1]!;
  const bodyId = `st-section-${id}-body`;
  const headingId = `st-section-${id}-title`;
  const label = (
    <>
      <span className="st-section-num" aria-hidden="true">
        {complete ? <CheckIcon size={14} /> : number}
      </span>
      <span className="st-section-title" id={headingId}>
        {title}
      </span>
      {complete && <span className="visually-hidden"> (complete)</span>}
      {required && <span className="st-required">Required</span>}
    </>
  );
  const expanded = !collapsible || open;
  return (
    <section
      id={`st-section-${id}`}
      className={`st-section${complete ? ' is-complete' : ''}${attention ? ' is-attention' : ''}`}
      aria-labelledby={headingId}
      data-section={id}
    >
      <h2 className="st-section-head">
        {collapsible ? (
          <button type="button" className="st-section-toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => onToggle(id)}>
            {label}
            <span className={`st-chevron${open ? ' is-open' : ''}`}>
              <ChevronIcon />
            </span>
          </button>
        ) : (
          <span className="st-section-static">{label}</span>
        )}
      </h2>
      {attention && (
        <p className="st-attention" role="note">
          {attention}
        </p>
      )}
      <div id={bodyId} className="st-section-body" hidden={!expanded}>
        <p className="st-section-desc">{description}</p>
        {children}
      </div>
    </section>
  );
}
