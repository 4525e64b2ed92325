/**
 * The product editor's state and rules, for ProductEditor and its section components
 * (docs/decisions/019). The values, unsaved changes (the library's dirty state, compared
 * only when a field changes), errors and submission are react-hook-form's; the zod schema
 * reports the editor's checks (validateForm: the API's own ProductInputSchema plus the rules
 * it leaves to the form). On top of that this hook keeps what the spec adds:
 * - title and description validity 500 ms after the last edit of the title, description,
 *   short description or tags (the quality score), and the submit rule: disabled while the
 *   title or description is invalid, while saving, or while an upload runs;
 * - errors clear when their field is edited, and are checked again only on submit;
 * - on a failed submit the sections holding errors open and the first field at fault takes
 *   focus; the server's field messages are shown in place the same way;
 * - after a create the form resets to the defaults (sections as at first), after an update
 *   it stays filled with what was saved;
 * - a warning before leaving the page with unsaved changes.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { rulesSchema } from '@/src/shared/form-schema';
import { scoreProduct, VALIDATION_DEBOUNCE_MS, type QualityScore, type UrlCheck } from '@/src/shared/quality-score';
import { toast } from '@/src/stores/toasts';
import { clearOnEdit, errorList, setServerErrors } from '../ui/form-state';
import { api } from '@/src/shared/api/client';
import { useApiMutation, useApiQuery } from '../hooks/use-api';
import { affiliatePercentOf, defaultValues, sectionOf, toPayload, validateForm, valuesFromProduct, type EditorValues } from './editor-state';
import { useDebounced } from './hooks';
import type { StudioProduct } from './types';

export type EditorMode = 'create' | 'edit';
export type SectionId = 'basic' | 'images' | 'delivery' | 'demos' | 'classification' | 'pricing' | 'metrics' | 'detailed' | 'additional';

/** Spec section 2: basic, delivery and demos start open (on small screens, where sections fold). */
const INITIAL_OPEN: Readonly<Record<SectionId, boolean>> = {
  basic: true,
  images: false,
  delivery: true,
  demos: true,
  classification: false,
  pricing: false,
  metrics: false,
  detailed: false,
  additional: false,
};

/** The editor's values checked by the editor's rules, as a zod schema for the form library. */
export const EditorFormSchema = rulesSchema<EditorValues>(validateForm);

interface Options {
  mode: EditorMode;
  product: StudioProduct | null;
  onSaved(product: StudioProduct, mode: EditorMode): void;
  /** Scrolls the editor to its top (after a create). */
  scrollToTop(): void;
}

export interface ProductForm {
  form: UseFormReturn<EditorValues>;
  score: QualityScore;
  /** The 500 ms debounce is running: validity is not settled yet. */
  validating: boolean;
  saving: boolean;
  dirty: boolean;
  uploads: number;
  busyUploads(busy: boolean): void;
  submitDisabled: boolean;
  /** What the last failed submit said, until the next one. */
  summary: string | null;
  created: { id: string; title: string } | null;
  open: Record<SectionId, boolean>;
  toggle(id: string): void;
  /** Opens the field's section and focuses it (error summary links, failed submits). */
  focusField(path: string): void;
  submit(event?: React.BaseSyntheticEvent): Promise<void>;
  payoutsMissing: boolean;
}

const firstFocusable = (target: Element | null) =>
  (target?.matches('input, textarea, select, button') ? target : target?.querySelector('input, textarea, select, button')) as HTMLElement | null | undefined;

export function useProductForm({ mode, product, onSaved, scrollToTop }: Options): ProductForm {
  const initial = useMemo(() => (product ? valuesFromProduct(product) : defaultValues()), [product]);
  const form = useForm<EditorValues>({
    resolver: zodResolver(EditorFormSchema),
    defaultValues: initial,
    // Checked on submit only; an edit clears its field's error (clearOnEdit in the sections).
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    // The editor focuses the first error itself, after opening its section.
    shouldFocusError: false,
  });
  const { isDirty: dirty, isSubmitting: saving } = form.formState;
  const [uploads, setUploads] = useState(0);
  const [open, setOpen] = useState<Record<SectionId, boolean>>({ ...INITIAL_OPEN });
  const [created, setCreated] = useState<{ id: string; title: string } | null>(null);
  const [summary, setSummary] = useState<string | null>(null);

  // Spec section 5: title and description validity runs 500 ms after the last edit of the
  // title, description, short description or tags.
  const [title, description, shortDescription, tags] = useWatch({ control: form.control, name: ['title', 'description', 'short_description', 'tags'] });
  const scored = useMemo(() => ({ title, description, short_description: shortDescription, tags }), [title, description, shortDescription, tags]);
  const [settled, validating] = useDebounced(scored, VALIDATION_DEBOUNCE_MS);
  const score = useMemo(() => scoreProduct(settled), [settled]);
  const submitDisabled = !score.canSubmit || saving || uploads > 0;

  // With Stripe, a paid product cannot be bought until its creator has payouts set up.
  const payouts = useApiQuery((signal) => api('GET /api/payments/payouts', { signal }), { key: 'payouts' });
  const payoutsMissing = payouts.data ? payouts.data.stripe && !payouts.data.ready : false;

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const toggle = useCallback((id: string) => setOpen((o) => ({ ...o, [id]: !o[id as SectionId] })), []);
  const busyUploads = useCallback((busy: boolean) => setUploads((n) => Math.max(0, n + (busy ? 1 : -1))), []);

  const openSectionsOf = useCallback((paths: string[]) => {
    const sections = new Set(paths.map(sectionOf));
    setOpen((o) => ({ ...o, ...Object.fromEntries([...sections].map((s) => [s, true])) }));
  }, []);

  const focusNow = (path: string) => {
    const target = document.querySelector<HTMLElement>(`[data-field="${path}"]`) ?? document.getElementById(`st-section-${sectionOf(path)}`);
    target?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    firstFocusable(target)?.focus({ preventScroll: true });
  };

  const focusField = useCallback(
    (path: string) => {
      openSectionsOf([path]);
      requestAnimationFrame(() => focusNow(path));
    },
    [openSectionsOf],
  );

  function focusFirstError(paths: string[]) {
    const first = paths[0];
    if (!first) return;
    openSectionsOf(paths);
    requestAnimationFrame(() => focusNow(first));
  }

  const save = useApiMutation(
    async (_signal, values: EditorValues) => {
      const payload = toPayload(values);
      const saved = await (mode === 'create'
        ? api('POST /api/me/products', { body: payload })
        : api('PUT /api/me/products/{id}', { params: { id: product!.id }, body: payload }));
      // The affiliates' setting has a route of its own (docs/decisions/081): sent after the product, when it changed.
      const percent = affiliatePercentOf(values);
      if (percent === saved.affiliate_percent) return saved;
      const set = await api('PUT /api/studio/products/{id}/affiliates', { params: { id: saved.id }, body: { percent } });
      return { ...saved, affiliate_percent: set.affiliatePercent };
    },
    {
      onSuccess: (saved) => {
        onSaved(saved, mode);
        if (mode === 'create') {
          toast({
            title: 'Product created',
            description:
              saved.status === 'in_review'
                ? `${saved.title} is in review: it goes live once our team approves it.`
                : `${saved.title} was saved as ${saved.status === 'published' ? 'published' : saved.status}.`,
            variant: 'success',
          });
          form.reset(defaultValues());
          setOpen({ ...INITIAL_OPEN });
          setCreated({ id: saved.id, title: saved.title });
          scrollToTop();
        } else {
          toast(
            saved.status === 'in_review' && product?.status !== 'in_review'
              ? { title: 'Submitted for review', description: 'It goes live once our team approves it.', variant: 'success' }
              : { title: 'Product updated', variant: 'success' },
          );
          form.reset(valuesFromProduct(saved));
        }
      },
      onError: (e) => {
        const fields = Object.keys(e.fields);
        if (setServerErrors(form, e).length) {
          setSummary('Some fields need attention before saving.');
          focusFirstError(fields);
        }
        const generic = e.code === 'INTERNAL' || e.code === 'NETWORK' || !e.message;
        if (mode === 'create') toast({ title: 'Create failed', description: generic ? 'Failed to create product' : e.message, variant: 'destructive' });
        // Publishing refusals (unverified email, not a creator, a near-duplicate title) say what to do; other failures keep the spec's words.
        else if (e.code === 'EMAIL_NOT_VERIFIED' || e.code === 'NOT_A_CREATOR' || e.code === 'DUPLICATE_TITLE')
          toast({ title: 'Update failed', description: e.message, variant: 'destructive' });
        else
          toast({
            title: 'Update failed',
            description: e.code === 'PRODUCT_NOT_FOUND' ? 'Product not found' : 'Failed to update product',
            variant: 'destructive',
          });
      },
    },
  );

  function refuse(errors: FieldErrors<EditorValues>) {
    const paths = errorList(errors).map(([path]) => path);
    setSummary(`${paths.length} field${paths.length === 1 ? ' needs' : 's need'} attention before saving.`);
    focusFirstError(paths);
  }

  const handle = form.handleSubmit((values) => {
    setSummary(null);
    return save.run(values);
  }, refuse);
  const submit = async (event?: React.BaseSyntheticEvent) => {
    event?.preventDefault();
    if (submitDisabled) return;
    await handle(event);
  };

  return { form, score, validating, saving, dirty, uploads, busyUploads, submitDisabled, summary, created, open, toggle, focusField, submit, payoutsMissing };
}

/** A registered text input whose error clears when it is edited. */
export function textField(form: UseFormReturn<EditorValues>, name: FieldPath<EditorValues>, clears: FieldPath<EditorValues> = name) {
  return form.register(name, { onChange: () => clearOnEdit(form, clears) });
}

/** The live check of a URL field, 500 ms after typing stops; null while typing. */
export function useUrlCheck(
  form: UseFormReturn<EditorValues>,
  name: 'demo_url' | 'video_demo_url' | 'download_url',
  check: (url: string) => UrlCheck,
): UrlCheck | null {
  const value = useWatch({ control: form.control, name });
  const [settled, pending] = useDebounced(value, VALIDATION_DEBOUNCE_MS);
  return pending ? null : check(settled);
}
