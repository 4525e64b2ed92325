/**
 * Demo links (spec section 3): type, url and title required, description optional; id is a
 * timestamp string. Errors come from the form's check before saving.
 */
import { DEMO_LINK_TYPE_LABELS, DEMO_LINK_TYPES, type DemoLinkType } from '../../shared/domain';
import type { DemoLinkDraft, FieldErrors } from './editor-state';
import { PlusIcon, TrashIcon } from './icons';

interface Props {
  links: DemoLinkDraft[];
  onChange(links: DemoLinkDraft[]): void;
  errors: FieldErrors;
  max: number;
}

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
      <span className="st-label" id="st-demo-links-label">Demo links</span>
      {links.length === 0 && <p className="st-hint">Videos, live demos, source code, documentation, tutorials or API references.</p>}
      <ol className="st-demo-links" aria-labelledby="st-demo-links-label">
        {links.map((link, i) => {
          const err = (field: string) => errors[`demo_links.${i}.${field}`];
          return (
            <li key={link.id} className="st-demo-link">
              <div className="st-demo-grid">
                <label className="st-field">
                  <span className="st-label">Type</span>
                  <select className="st-input" value={link.type} onChange={(e) => update(i, { type: e.target.value as DemoLinkType })}>
                    {DEMO_LINK_TYPES.map((value) => <option key={value} value={value}>{DEMO_LINK_TYPE_LABELS[value]}</option>)}
                  </select>
                </label>
                <label className="st-field">
                  <span className="st-label">Title</span>
                  <input className="st-input" value={link.title} required aria-invalid={Boolean(err('title')) || undefined} onChange={(e) => update(i, { title: e.target.value })} placeholder="Watch the 3-minute walkthrough" />
                  {err('title') && <span className="st-error">{err('title')}</span>}
                </label>
                <label className="st-field st-span-2">
                  <span className="st-label">URL</span>
                  <input id={`st-demo-${link.id}-url`} className="st-input" type="url" inputMode="url" value={link.url} required aria-invalid={Boolean(err('url')) || undefined} onChange={(e) => update(i, { url: e.target.value })} placeholder="https://" />
                  {err('url') && <span className="st-error">{err('url')}</span>}
                </label>
                <label className="st-field st-span-2">
                  <span className="st-label">Description <span className="st-optional">(optional)</span></span>
                  <input className="st-input" value={link.description} onChange={(e) => update(i, { description: e.target.value })} />
                </label>
              </div>
              <button type="button" className="btn btn-ghost st-remove-link" onClick={() => onChange(links.filter((_, j) => j !== i))} aria-label={`Remove demo link ${i + 1}`}>
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
