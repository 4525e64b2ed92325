/**
 * The AI-native product editor (spec sections 2, 3, 5 and 9): 'Create AI-Native Product' or
 * 'Edit AI Product', nine sections (collapsible on small screens, basic, delivery and demos
 * open), the quality score card with its validating indicator, and the submit rule: disabled
 * while the title or description is invalid or while saving. The form is checked with the
 * API's own zod schema before it is sent; the server's field messages are shown in place.
 * After a create the form resets to the defaults; after an update it stays filled.
 */
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from '../../stores/toasts';
import { purchaseKind } from '../../shared/payments';
import { checkDemoUrl, checkVideoUrl, scoreProduct, VALIDATION_DEBOUNCE_MS, type UrlCheck } from '../../shared/quality-score';
import { ACCESS_REQUIREMENT_KEYS, ACCESS_REQUIREMENT_LABELS, DEMO_LINKS_MAX, LIST_MAX, TAGS_MAX } from '../../shared/product-schema';
import {
  DELIVERY_TYPE_CHOICES, DELIVERY_TYPES, DEPLOYMENT_TYPE_LABELS, DEPLOYMENT_TYPES, PRICING_MODEL_LABELS, PRICING_MODELS, PRODUCT_STATUS_LABELS, PRODUCT_STATUSES,
  TECHNICAL_LEVEL_LABELS, TECHNICAL_LEVELS,
} from '../../shared/domain';
import { ApiError, createProduct, updateProduct } from './api';
import { ConfirmDialog } from './ConfirmDialog';
import { DeliverableFiles } from './DeliverableFiles';
import { DemoLinksEditor } from './DemoLinksEditor';
import { EditorSection } from './EditorSection';
import {
  COMMUNITY_SCORE_DEFAULT, defaultValues, deliveryInputs, sectionOf, toPayload, validateForm, valuesFromProduct,
  type EditorValues, type FieldErrors,
} from './editor-state';
import { useDebounced, useMediaQuery } from './hooks';
import { AlertIcon, CheckIcon } from './icons';
import { ImageSlot } from './ImageSlot';
import { StorageUsage } from './StorageUsage';
import { ListInput } from './ListInput';
import { QualityScoreCard } from './QualityScoreCard';
import type { StudioOptions, StudioProduct } from './types';

interface Props {
  mode: 'create' | 'edit';
  product: StudioProduct | null;
  options: StudioOptions;
  onSaved(product: StudioProduct, mode: 'create' | 'edit'): void;
  onClose(): void;
  onEdit(id: string): void;
}

const INITIAL_OPEN: Record<string, boolean> = {
  basic: true, images: false, delivery: true, demos: true, classification: false, pricing: false, metrics: false, detailed: false, additional: false,
};

const DELIVERY_OPTIONS = DELIVERY_TYPES.map((value) => ({ value, ...DELIVERY_TYPE_CHOICES[value] }));

const COMPLEXITY_LABELS = ['', 'Very easy', 'Easy', 'Moderate', 'Involved', 'Complex'];

function Field({ label, htmlFor, error, hint, counter, optional = false, required = false, children, status }: {
  label: string; htmlFor: string; error?: string | undefined; hint?: string; counter?: string; optional?: boolean; required?: boolean; children: ReactNode; status?: UrlCheck | null;
}) {
  return (
    <div className="st-field">
      <div className="st-label-row">
        <span className="st-label">
          <label htmlFor={htmlFor}>
            {label}
            {optional && <span className="st-optional"> (optional)</span>}
          </label>
          {required && <span className="st-req" aria-hidden="true">*</span>}
        </span>
        {counter && <span className="st-counter" aria-hidden="true">{counter}</span>}
      </div>
      {children}
      {hint && !error && <p className="st-hint" id={`${htmlFor}-hint`}>{hint}</p>}
      {status && status.state !== 'empty' && !error && (
        <p className={`st-url-status is-${status.state}`} id={`${htmlFor}-status`} role="status">
          {status.state === 'valid' ? <CheckIcon size={14} /> : <AlertIcon size={14} />} {status.message}
        </p>
      )}
      {error && <p className="st-error" id={`${htmlFor}-error`}>{error}</p>}
    </div>
  );
}

export function ProductEditor({ mode, product, options, onSaved, onClose, onEdit }: Props) {
  const uid = useId();
  const fid = (name: string) => `${uid}-${name}`;
  const initial = useMemo(() => (product ? valuesFromProduct(product) : defaultValues()), [product]);
  const [values, setValues] = useState<EditorValues>(initial);
  const [baseline, setBaseline] = useState(() => JSON.stringify(initial));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [uploads, setUploads] = useState(0);
  const [open, setOpen] = useState(INITIAL_OPEN);
  const [created, setCreated] = useState<{ id: string; title: string } | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [summary, setSummary] = useState<string | null>(null);
  const collapsible = useMediaQuery('(max-width: 767px)');
  const top = useRef<HTMLDivElement>(null);

  // Spec section 5: title and description validity runs 500 ms after the last edit of the
  // title, description, short description or tags.
  const scored = useMemo(
    () => ({ title: values.title, description: values.description, short_description: values.short_description, tags: values.tags }),
    [values.title, values.description, values.short_description, values.tags],
  );
  const [settled, validating] = useDebounced(scored, VALIDATION_DEBOUNCE_MS);
  const score = useMemo(() => scoreProduct(settled), [settled]);
  const [demoUrl, demoPending] = useDebounced(values.demo_url, VALIDATION_DEBOUNCE_MS);
  const [videoUrl, videoPending] = useDebounced(values.video_demo_url, VALIDATION_DEBOUNCE_MS);
  const [downloadUrl, downloadPending] = useDebounced(values.download_url, VALIDATION_DEBOUNCE_MS);
  const demoCheck = demoPending ? null : checkDemoUrl(demoUrl);
  const videoCheck = videoPending ? null : checkVideoUrl(videoUrl);
  const downloadCheck = downloadPending ? null : checkDemoUrl(downloadUrl);

  const dirty = JSON.stringify(values) !== baseline;
  // With Stripe, a paid product cannot be bought until its creator has payouts set up.
  const [payoutsMissing, setPayoutsMissing] = useState(false);
  useEffect(() => {
    let live = true;
    fetch('/api/payments/payouts', { credentials: 'same-origin', headers: { accept: 'application/json' } })
      .then(async (r) => (r.ok ? ((await r.json()) as { stripe: boolean; ready: boolean }) : null))
      .then((setup) => {
        if (live && setup) setPayoutsMissing(setup.stripe && !setup.ready);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  function set<K extends keyof EditorValues>(key: K, value: EditorValues[K]) {
    setValues((v) => ({ ...v, [key]: value }));
    if (Object.keys(errors).some((k) => k === key || k.startsWith(`${String(key)}.`))) {
      setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== key && !k.startsWith(`${String(key)}.`))));
    }
  }

  const toggle = (id: string) => setOpen((o) => ({ ...o, [id]: !o[id] }));
  const busyUploads = (busy: boolean) => setUploads((n) => Math.max(0, n + (busy ? 1 : -1)));
  const show = deliveryInputs(values.content_delivery_type);
  const basicComplete = score.fields.title.isValid && score.fields.description.isValid && score.fields.shortDescription.isValid && !validating;
  const submitDisabled = !score.canSubmit || saving || uploads > 0;
  const title = mode === 'create' ? 'Create AI-Native Product' : 'Edit AI Product';

  function focusFirstError(found: FieldErrors) {
    const first = Object.keys(found)[0];
    if (!first) return;
    const sections = new Set(Object.keys(found).map(sectionOf));
    setOpen((o) => ({ ...o, ...Object.fromEntries([...sections].map((s) => [s, true])) }));
    requestAnimationFrame(() => {
      const target = document.querySelector<HTMLElement>(`[data-field="${first}"]`) ?? document.getElementById(`st-section-${sectionOf(first)}`);
      target?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      (target?.matches('input, textarea, select, button') ? target : target?.querySelector<HTMLElement>('input, textarea, select, button'))?.focus({ preventScroll: true });
    });
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (submitDisabled) return;
    const found = validateForm(values);
    if (Object.keys(found).length) {
      setErrors(found);
      setSummary(`${Object.keys(found).length} field${Object.keys(found).length === 1 ? ' needs' : 's need'} attention before saving.`);
      focusFirstError(found);
      return;
    }
    setSummary(null);
    setSaving(true);
    try {
      const payload = toPayload(values);
      const saved = mode === 'create' ? await createProduct(payload) : await updateProduct(product!.id, payload);
      onSaved(saved, mode);
      if (mode === 'create') {
        toast({ title: 'Product created', description: `${saved.title} was saved as ${saved.status === 'published' ? 'published' : saved.status}.`, variant: 'success' });
        const fresh = defaultValues();
        setValues(fresh);
        setBaseline(JSON.stringify(fresh));
        setErrors({});
        setOpen(INITIAL_OPEN);
        setCreated({ id: saved.id, title: saved.title });
        top.current?.scrollIntoView({ block: 'start' });
      } else {
        toast({ title: 'Product updated', variant: 'success' });
        const next = valuesFromProduct(saved);
        setValues(next);
        setBaseline(JSON.stringify(next));
      }
    } catch (error) {
      const e = error instanceof ApiError ? error : new ApiError('INTERNAL', '', 0);
      if (Object.keys(e.fields).length) {
        setErrors(e.fields);
        setSummary('Some fields need attention before saving.');
        focusFirstError(e.fields);
      }
      const generic = e.code === 'INTERNAL' || e.code === 'NETWORK' || !e.message;
      if (mode === 'create') toast({ title: 'Create failed', description: generic ? 'Failed to create product' : e.message, variant: 'destructive' });
      // Publishing refusals (unverified email, not a creator) say what to do; other failures keep the spec's words.
      else if (e.code === 'EMAIL_NOT_VERIFIED' || e.code === 'NOT_A_CREATOR') toast({ title: 'Update failed', description: e.message, variant: 'destructive' });
      else toast({ title: 'Update failed', description: e.code === 'PRODUCT_NOT_FOUND' ? 'Product not found' : 'Failed to update product', variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  const cancel = () => (dirty ? setConfirmDiscard(true) : onClose());
  const err = (key: string) => errors[key];
  const described = (key: string, extra = '') => [errors[key] ? `${fid(key)}-error` : '', extra].filter(Boolean).join(' ') || undefined;

  return (
    <div className="st-editor" ref={top}>
      <div className="st-editor-head">
        <button type="button" className="btn btn-ghost st-back" onClick={cancel}>
          <span aria-hidden="true">←</span> Products
        </button>
        <h1>{title}</h1>
        <p className="muted">
          {mode === 'create'
            ? 'Describe what you built, how buyers get it and what it works with. The quality score updates as you write.'
            : `Editing “${product?.title ?? ''}”. Changes to a published product go live when you save.`}
        </p>
      </div>

      {created && (
        <div className="st-banner" role="status">
          <CheckIcon />
          <p>
            <strong>{created.title}</strong> was created. The form is ready for your next product.
          </p>
          <div className="st-banner-actions">
            <button type="button" className="btn btn-secondary" onClick={() => onEdit(created.id)}>Edit it</button>
            <button type="button" className="btn btn-ghost" onClick={onClose}>Back to products</button>
          </div>
        </div>
      )}

      <form className="st-form" noValidate onSubmit={submit} aria-label={title}>
        <div className="st-editor-grid">
          <div className="st-editor-main">
            <EditorSection id="basic" number={1} title="Basic Information" description="What it is and why buyers want it. These fields drive the quality score." collapsible={collapsible} open={open['basic']!} onToggle={toggle} complete={basicComplete}>
              <Field label="Title" htmlFor={fid('title')} required error={err('title')} counter={`${values.title.trim().length}/100`}>
                <input id={fid('title')} data-field="title" aria-required="true" className="st-input" value={values.title} onChange={(e) => set('title', e.target.value)} placeholder="AI Lead Qualification Workflow for n8n" maxLength={140} aria-invalid={Boolean(err('title')) || undefined} aria-describedby={described('title')} autoComplete="off" />
              </Field>
              <Field label="Short description" htmlFor={fid('short')} optional error={err('short_description')} counter={`${values.short_description.trim().length}/150`} hint="One line for cards and search results.">
                <input id={fid('short')} data-field="short_description" className="st-input" value={values.short_description} onChange={(e) => set('short_description', e.target.value)} placeholder="Scores inbound leads with GPT and routes hot ones to Slack." maxLength={200} aria-invalid={Boolean(err('short_description')) || undefined} />
              </Field>
              <Field label="Description" htmlFor={fid('description')} required error={err('description')} counter={`${values.description.trim().length}/1000`}>
                <textarea id={fid('description')} data-field="description" aria-required="true" className="st-input st-textarea" rows={7} value={values.description} onChange={(e) => set('description', e.target.value)} placeholder="What does it do, who is it for, and how does it help? Two or more sentences work best." aria-invalid={Boolean(err('description')) || undefined} aria-describedby={described('description')} />
              </Field>
              <div data-field="tags">
                <ListInput name="tags" label="Tags" values={values.tags} onChange={(tags) => set('tags', tags)} placeholder="automation, lead generation…" hint={`3 to 8 tags work best, at most ${TAGS_MAX}. Include one of: ai, automation, productivity, analytics, ml, nlp.`} error={err('tags')} valid={!validating && score.fields.tags.isValid && values.tags.length > 0} max={TAGS_MAX} />
              </div>
              <Field label="Category" htmlFor={fid('category')} optional error={err('category_id')}>
                <select id={fid('category')} data-field="category_id" className="st-input" value={values.category_id} onChange={(e) => set('category_id', e.target.value)}>
                  <option value="">Choose a category</option>
                  {options.categories.map((c) => <option key={c.value} value={c.value}>{c.label}</option>)}
                </select>
              </Field>
            </EditorSection>

            <EditorSection id="images" number={2} title="Product Images" description="The main image shows on cards; featured and additional images fill the gallery." collapsible={collapsible} open={open['images']!} onToggle={toggle} complete={Boolean(values.image_url)}>
              <div className="st-image-grid" data-field="image_url">
                <ImageSlot slot="main" label="Main image" description="Shown on marketplace cards. One image." images={values.image_url ? [values.image_url] : []} onChange={(list) => set('image_url', list[0] ?? '')} onBusyChange={busyUploads} />
                <ImageSlot slot="featured" label="Featured image" description="Leads the gallery on your product page. One image." images={values.featured_image_url ? [values.featured_image_url] : []} onChange={(list) => set('featured_image_url', list[0] ?? '')} onBusyChange={busyUploads} />
              </div>
              <div data-field="additional_images">
                <ImageSlot slot="additional" label="Additional images" description="Screenshots and examples. Several images." images={values.additional_images} onChange={(list) => set('additional_images', list)} onBusyChange={busyUploads} />
              </div>
              {(err('image_url') || err('featured_image_url') || err('additional_images')) && <p className="st-error">{err('image_url') ?? err('featured_image_url') ?? err('additional_images')}</p>}
              <StorageUsage filesKey={uploads > 0 ? null : JSON.stringify([values.image_url, values.featured_image_url, values.additional_images, values.file_urls])} />
            </EditorSection>

            <EditorSection
              id="delivery"
              number={3}
              title="Content Delivery"
              description="How buyers receive the product after they get it. Test delivery before publishing."
              collapsible={collapsible}
              open={open['delivery']!}
              onToggle={toggle}
              required
              complete={Boolean(values.content_delivery_type)}
              attention={values.content_delivery_type ? null : 'Choose a delivery method: it is required.'}
            >
              <fieldset className="st-fieldset" data-field="content_delivery_type" aria-describedby={err('content_delivery_type') ? fid('delivery-error') : undefined}>
                <legend className="st-label">Delivery method <span className="st-req" aria-hidden="true">*</span></legend>
                <div className="st-choices">
                  {DELIVERY_OPTIONS.map((o) => (
                    <label key={o.value} className={`st-choice${values.content_delivery_type === o.value ? ' is-selected' : ''}`}>
                      <input type="radio" name={fid('delivery')} value={o.value} checked={values.content_delivery_type === o.value} onChange={() => set('content_delivery_type', o.value)} />
                      <span className="st-choice-title">{o.title}</span>
                      <span className="st-choice-text">{o.text}</span>
                    </label>
                  ))}
                </div>
                {err('content_delivery_type') && <p className="st-error" id={fid('delivery-error')}>{err('content_delivery_type')}</p>}
              </fieldset>
              {show.files && (
                <div data-field="file_urls">
                  <DeliverableFiles files={values.file_urls} onChange={(files) => set('file_urls', files)} onBusyChange={busyUploads} error={err('file_urls')} />
                </div>
              )}
              {show.link && (
                <Field label="Access link" htmlFor={fid('download')} error={err('download_url')} status={downloadCheck} hint="Where buyers download or open your product.">
                  <input id={fid('download')} data-field="download_url" className="st-input" type="url" inputMode="url" value={values.download_url} onChange={(e) => set('download_url', e.target.value)} placeholder="https://" aria-invalid={Boolean(err('download_url')) || downloadCheck?.state === 'invalid' || undefined} />
                </Field>
              )}
              {show.text && (
                <Field label="Text content" htmlFor={fid('text')} error={err('content_text')} hint="Shown to buyers right after they get the product: a prompt, setup steps, a license key.">
                  <textarea id={fid('text')} data-field="content_text" className="st-input st-textarea" rows={6} value={values.content_text} onChange={(e) => set('content_text', e.target.value)} />
                </Field>
              )}
              <Field label="Download instructions" htmlFor={fid('instructions')} optional error={err('download_instructions')} hint="Anything buyers should do first: import steps, credentials to prepare.">
                <textarea id={fid('instructions')} data-field="download_instructions" className="st-input st-textarea" rows={3} value={values.download_instructions} onChange={(e) => set('download_instructions', e.target.value)} />
              </Field>
              <p className="st-formats">Formats: ZIP, RAR, PDF, DOC, TXT, JSON, XML, CSV · Images: JPG, PNG, WebP. <strong>Tip:</strong> test delivery before publishing.</p>
            </EditorSection>

            <EditorSection id="demos" number={4} title="Demos and Links" description="Let buyers see it work before they get it." collapsible={collapsible} open={open['demos']!} onToggle={toggle}>
              <Field label="Demo URL" htmlFor={fid('demo')} optional error={err('demo_url')} status={demoCheck}>
                <input id={fid('demo')} data-field="demo_url" className="st-input" type="url" inputMode="url" value={values.demo_url} onChange={(e) => set('demo_url', e.target.value)} placeholder="https://demo.example.com" aria-invalid={Boolean(err('demo_url')) || demoCheck?.state === 'invalid' || undefined} />
              </Field>
              <Field label="Primary video URL" htmlFor={fid('video')} optional error={err('video_demo_url')} status={videoCheck} hint={videoCheck?.state === 'valid' ? undefined : 'YouTube, Vimeo, or a .mp4, .webm or .ogg file. Shown first in the gallery.'}>
                <input id={fid('video')} data-field="video_demo_url" className="st-input" type="url" inputMode="url" value={values.video_demo_url} onChange={(e) => set('video_demo_url', e.target.value)} placeholder="https://www.youtube.com/watch?v=…" aria-invalid={Boolean(err('video_demo_url')) || videoCheck?.state === 'invalid' || undefined} />
              </Field>
              <div data-field="demo_links">
                <DemoLinksEditor links={values.demo_links} onChange={(links) => set('demo_links', links)} errors={errors} max={DEMO_LINKS_MAX} />
              </div>
            </EditorSection>

            <EditorSection id="classification" number={5} title="AI-Native Classification" description="Which AI tool it is built for and what kind of product it is." collapsible={collapsible} open={open['classification']!} onToggle={toggle}>
              <div className="st-grid-2">
                <Field label="AI tool" htmlFor={fid('tool')} optional error={err('ai_tool_type')}>
                  <select id={fid('tool')} data-field="ai_tool_type" className="st-input" value={values.ai_tool_type} onChange={(e) => set('ai_tool_type', e.target.value)}>
                    <option value="">Choose a tool</option>
                    {options.aiTools.map((g) => (
                      <optgroup key={g.group} label={g.group}>
                        {g.options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
                      </optgroup>
                    ))}
                  </select>
                </Field>
                <Field label="Content type" htmlFor={fid('type')} optional error={err('content_type')}>
                  <select id={fid('type')} data-field="content_type" className="st-input" value={values.content_type} onChange={(e) => set('content_type', e.target.value)}>
                    <option value="">Choose a type</option>
                    {options.contentTypes.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
                  </select>
                </Field>
              </div>
              <fieldset className="st-fieldset">
                <legend className="st-label">Technical level</legend>
                <div className="st-segmented">
                  {TECHNICAL_LEVELS.map((level) => (
                    <label key={level} className={values.technical_level === level ? 'is-selected' : ''}>
                      <input type="radio" name={fid('level')} value={level} checked={values.technical_level === level} onChange={() => set('technical_level', level)} />
                      {TECHNICAL_LEVEL_LABELS[level]}
                    </label>
                  ))}
                </div>
              </fieldset>
            </EditorSection>

            <EditorSection id="pricing" number={6} title="Pricing and Deployment" description="What it costs and how much setup buyers should expect." collapsible={collapsible} open={open['pricing']!} onToggle={toggle}>
              <div className="st-grid-2">
                <Field label="Pricing model" htmlFor={fid('pricing')} error={err('pricing_model')}>
                  <select id={fid('pricing')} data-field="pricing_model" className="st-input" value={values.pricing_model} onChange={(e) => set('pricing_model', e.target.value as EditorValues['pricing_model'])}>
                    {PRICING_MODELS.map((m) => <option key={m} value={m}>{PRICING_MODEL_LABELS[m]}</option>)}
                  </select>
                </Field>
                <Field label="Price (USD)" htmlFor={fid('price')} error={err('price')} hint={values.pricing_model === 'free' ? 'Free products have no price.' : '0 shows as Free.'}>
                  <div className="st-money">
                    <span aria-hidden="true">$</span>
                    <input id={fid('price')} data-field="price" className="st-input" type="number" inputMode="decimal" min={0} step={0.01} value={values.pricing_model === 'free' ? '0' : values.price} disabled={values.pricing_model === 'free'} onChange={(e) => set('price', e.target.value)} />
                  </div>
                </Field>
              </div>
              {payoutsMissing && purchaseKind({ price: values.price, pricing_model: values.pricing_model }) ? (
                <p className="st-payouts-warning" role="note">
                  Buyers cannot pay for this product until you set up payouts. <a href="/earnings">Set up payouts</a> before you publish it as a paid product.
                </p>
              ) : null}
              <Field label="Deployment" htmlFor={fid('deployment')} error={err('deployment_type')}>
                <select id={fid('deployment')} data-field="deployment_type" className="st-input" value={values.deployment_type} onChange={(e) => set('deployment_type', e.target.value as EditorValues['deployment_type'])}>
                  {DEPLOYMENT_TYPES.map((d) => <option key={d} value={d}>{DEPLOYMENT_TYPE_LABELS[d]}</option>)}
                </select>
              </Field>
            </EditorSection>

            <EditorSection id="metrics" number={7} title="Metrics" description="Honest expectations help buyers choose, and earn better reviews." collapsible={collapsible} open={open['metrics']!} onToggle={toggle}>
              <div className="st-grid-2">
                <div className="st-field">
                  <div className="st-label-row">
                    <label htmlFor={fid('complexity')} className="st-label">Integration complexity</label>
                    <output htmlFor={fid('complexity')} className="st-counter">{values.integration_complexity} · {COMPLEXITY_LABELS[values.integration_complexity]}</output>
                  </div>
                  <input id={fid('complexity')} data-field="integration_complexity" type="range" min={1} max={5} step={1} value={values.integration_complexity} onChange={(e) => set('integration_complexity', Number(e.target.value))} className="st-range" aria-valuetext={`${values.integration_complexity}, ${COMPLEXITY_LABELS[values.integration_complexity]}`} />
                </div>
                <div className="st-field">
                  <div className="st-label-row">
                    <label htmlFor={fid('success')} className="st-label">Success rate</label>
                    <output htmlFor={fid('success')} className="st-counter">{values.success_rate}%</output>
                  </div>
                  <input id={fid('success')} data-field="success_rate" type="range" min={0} max={100} step={5} value={values.success_rate} onChange={(e) => set('success_rate', Number(e.target.value))} className="st-range" aria-valuetext={`${values.success_rate}%`} />
                </div>
                <Field label="Average setup time (minutes)" htmlFor={fid('setup')} error={err('avg_setup_time')} hint="A whole number; anything else counts as 0.">
                  <input id={fid('setup')} data-field="avg_setup_time" className="st-input" type="number" inputMode="numeric" min={0} step={1} value={values.avg_setup_time} onChange={(e) => set('avg_setup_time', e.target.value)} />
                </Field>
                <div className="st-field">
                  <span className="st-label">Community score</span>
                  <p className="st-readonly">{product ? product.community_score : COMMUNITY_SCORE_DEFAULT}</p>
                  <p className="st-hint">Earned from buyer feedback.</p>
                </div>
              </div>
            </EditorSection>

            <EditorSection id="detailed" number={8} title="Detailed Classification" description="Helps buyers and search match your product to their needs." collapsible={collapsible} open={open['detailed']!} onToggle={toggle}>
              <div className="st-grid-2">
                <div data-field="use_cases"><ListInput name="use_cases" label="Use cases" values={values.use_cases} onChange={(v) => set('use_cases', v)} placeholder="Qualify inbound leads" error={err('use_cases')} max={LIST_MAX} /></div>
                <div data-field="required_skills"><ListInput name="required_skills" label="Required skills" values={values.required_skills} onChange={(v) => set('required_skills', v)} placeholder="Basic n8n" error={err('required_skills')} max={LIST_MAX} /></div>
                <div data-field="output_types"><ListInput name="output_types" label="Output types" values={values.output_types} onChange={(v) => set('output_types', v)} placeholder="Slack message" error={err('output_types')} max={LIST_MAX} /></div>
                <div data-field="compatibility_tags"><ListInput name="compatibility_tags" label="Compatible with" values={values.compatibility_tags} onChange={(v) => set('compatibility_tags', v)} placeholder="HubSpot" error={err('compatibility_tags')} max={LIST_MAX} /></div>
              </div>
            </EditorSection>

            <EditorSection id="additional" number={9} title="Additional Information" description="What buyers need to run it." collapsible={collapsible} open={open['additional']!} onToggle={toggle}>
              <div className="st-grid-2">
                {ACCESS_REQUIREMENT_KEYS.map((key) => (
                  <Field key={key} label={ACCESS_REQUIREMENT_LABELS[key]} htmlFor={fid(`access-${key}`)} optional error={err(`access_requirements.${key}`)}>
                    <input id={fid(`access-${key}`)} data-field={`access_requirements.${key}`} className="st-input" value={values.access_requirements[key]} onChange={(e) => set('access_requirements', { ...values.access_requirements, [key]: e.target.value })} />
                  </Field>
                ))}
              </div>
            </EditorSection>
          </div>

          <aside className="st-editor-side" aria-label="Listing quality">
            <QualityScoreCard score={score} validating={validating} />
          </aside>
        </div>

        <div className="st-submit-bar">
          <label className="st-status-field">
            <span>Status</span>
            <select className="st-input" value={values.status} onChange={(e) => set('status', e.target.value as EditorValues['status'])}>
              {PRODUCT_STATUSES.map((s) => <option key={s} value={s}>{PRODUCT_STATUS_LABELS[s]}</option>)}
            </select>
          </label>
          <p className="st-submit-note" role="status" aria-live="polite">
            {summary ? <span className="st-error-text">{summary}</span> : uploads > 0 ? 'Waiting for uploads…' : !score.canSubmit && !validating ? 'A valid title and description are needed to save.' : ''}
          </p>
          <div className="st-submit-actions">
            <button type="button" className="btn btn-secondary" onClick={cancel} disabled={saving}>Cancel</button>
            <button type="submit" className="btn btn-primary" disabled={submitDisabled} aria-busy={saving}>
              {saving ? 'Saving…' : mode === 'create' ? 'Create Product' : 'Save Changes'}
            </button>
          </div>
        </div>
      </form>

      {confirmDiscard && (
        <ConfirmDialog
          title="Discard your changes?"
          message="You have unsaved changes in this product. They will be lost."
          confirmLabel="Discard changes"
          destructive
          onCancel={() => setConfirmDiscard(false)}
          onConfirm={() => {
            setConfirmDiscard(false);
            onClose();
          }}
        />
      )}
    </div>
  );
}
