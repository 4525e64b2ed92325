/**
 * Demo links (spec section 3): type, url and title required, description optional; id is a
 * timestamp string. Errors come from the form's check before saving, keyed by field path
 * (demo_links.0.url); each input carries its path in data-field so the editor can focus it.
 */
import { DEMO_LINK_TYPE_LABELS, DEMO_LINK_TYPES, type DemoLinkType } from '@/src/shared/domain';
import type { DemoLinkDraft, FieldErrors } from './editor-state';
import { FormField, type FieldStyles } from '../ui/FormField';
import { PlusIcon, TrashIcon } from './icons';
import { STUDIO_FIELD_STYLES } from './StudioField';

interface Props {
  links: DemoLinkDraft[];
  onChange(links: DemoLinkDraft[]): void;
  errors: FieldErrors;
  max: number;
}

/** The studio's field style with the label alone on its line. */
const STYLES: FieldStyles = { field: STUDIO_FIELD_STYLES.field, label: 'st-label', hint: STUDIO_FIELD_STYLES.hint, error: STUDIO_FIELD_STYLES.error };

export function DemoLinksEditor({ links, onChange, errors, max }: Props) {
  const update = (index: number, patch: Partial<DemoLinkDraft>) => onChange(links.map((l, i) => (i === index ? { ...l, ...patch } : l)));
  const add = () => {
    const used = new Set(links.map((l) => l.id));
    let id = String(Date.now());
    while (used.has(id)) id = String(Number(id) + 1);
    onChange([...links, { id, type: 'live_demo', url: '', title: '', description: '' }]);
    requestAnimationFrame(() => document.getElementById(`st-demo-${id}-url`)?.focus());
  };
  return (
    <div className="st-field">
      <span className="st-label" id="st-demo-links-label">
        Demo links
      </span>
      {links.length === 0 && <p className="st-hint">Videos, live demos, source code, documentation, tutorials or API references.</p>}
      <ol className="st-demo-links" aria-labelledby="st-demo-links-label">
        {links.map((link, i) => {
          const path = (field: string) => `demo_links.${i}.${field}`;
          return (
            <li key={link.id} className="st-demo-link">
              <div className="st-demo-grid">
                <FormField id={`st-demo-${link.id}-type`} styles={STYLES} label="Type">
                  {(control) => (
                    <select
                      {...control}
                      data-field={path('type')}
                      className="st-input"
                      value={link.type}
                      onChange={(e) => update(i, { type: e.target.value as DemoLinkType })}
                    >
                      {DEMO_LINK_TYPES.map((value) => (
                        <option key={value} value={value}>
                          {DEMO_LINK_TYPE_LABELS[value]}
                        </option>
                      ))}
                    </select>
                  )}
                </FormField>
                <FormField id={`st-demo-${link.id}-title`} styles={STYLES} label="Title" error={errors[path('title')]}>
                  {(control) => (
                    <input
                      {...control}
                      data-field={path('title')}
                      className="st-input"
                      value={link.title}
                      required
                      onChange={(e) => update(i, { title: e.target.value })}
                      placeholder="Watch the 3-minute walkthrough"
                    />
                  )}
                </FormField>
                <div className="st-span-2">
                  <FormField id={`st-demo-${link.id}-url`} styles={STYLES} label="URL" error={errors[path('url')]}>
                    {(control) => (
                      <input
                        {...control}
                        data-field={path('url')}
                        className="st-input"
                        type="url"
                        inputMode="url"
                        value={link.url}
                        required
                        onChange={(e) => update(i, { url: e.target.value })}
                        placeholder="https://"
                      />
                    )}
                  </FormField>
                </div>
                <div className="st-span-2">
                  <FormField
                    id={`st-demo-${link.id}-description`}
                    styles={STYLES}
                    label={
                      <>
                        Description <span className="st-optional">(optional)</span>
                      </>
                    }
                  >
                    {(control) => (
                      <input
                        {...control}
                        data-field={path('description')}
                        className="st-input"
                        value={link.description}
                        onChange={(e) => update(i, { description: e.target.value })}
                      />
                    )}
                  </FormField>
                </div>
              </div>
              <button
                type="button"
                className="btn btn-ghost st-remove-link"
                onClick={() => onChange(links.filter((_, j) => j !== i))}
                aria-label={`Remove demo link ${i + 1}`}
              >
                <TrashIcon size={16} /> Remove
              </button>
            </li>
          );
        })}
      </ol>
      <button type="button" className="btn btn-secondary st-add-link" onClick={add} disabled={links.length >= max}>
        <PlusIcon size={16} /> Add demo link
      </button>
    </div>
  );
}
