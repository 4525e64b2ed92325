/**
 * 'Post an update' on a tool page, for its maintainer or an administrator: title, type,
 * version and what changed, react-hook-form with the API's own ToolUpdateInputSchema
 * (docs/decisions/019), checked on submit, then as fields change. ToolUpdatesPanel owns the
 * form's values, so a cancelled update is still there when the form opens again.
 */
import { useEffect, useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { UPDATE_CONTENT_MAX, UPDATE_TITLE_MAX, UPDATE_VERSION_MAX } from '@/src/shared/tool-updates';
import type { ToolUpdateInput, ToolUpdateView } from '@/src/shared/api/schemas/updates';
import { api } from '@/src/shared/api/client';
import { UPDATE_TYPE_LABELS, UPDATE_TYPES, type UpdateType } from '@/src/shared/domain';
import { toast } from '@/src/stores/toasts';
import { refreshUnreadCount } from '@/src/stores/notifications';
import { useApiMutation } from '../hooks/use-api';
import { ErrorSummary } from '../ui/ErrorSummary';
import { FormField, type FieldStyles } from '../ui/FormField';
import { errorList, setServerErrors } from '../ui/form-state';

export const EMPTY_UPDATE = { title: '', content: '', updateType: 'feature' as UpdateType, version: '' };
export type UpdateValues = typeof EMPTY_UPDATE;

const FIELD_STYLES: FieldStyles = { field: 'ufield', hint: 'hint', error: 'ufield-error' };
const LABELS: Record<keyof UpdateValues, string> = { title: 'Title', updateType: 'Type', version: 'Version', content: 'What changed' };

interface Props {
  form: UseFormReturn<UpdateValues, unknown, ToolUpdateInput>;
  toolId: string;
  toolName: string;
  onPosted(update: ToolUpdateView): void;
  onClose(): void;
  /** The server says the caller may not post (any more). */
  onRefused(): void;
}

export function PostUpdateForm({ form, toolId, toolName, onPosted, onClose, onRefused }: Props) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const { errors, isSubmitting: posting } = form.formState;
  const updateType = useWatch({ control: form.control, name: 'updateType' });

  useEffect(() => form.setFocus('title'), [form]);

  const post = useApiMutation((_signal, value: ToolUpdateInput) => api('POST /api/tools/{toolId}/updates', { params: { toolId }, body: value }), {
    onSuccess: ({ update }) => {
      onPosted(update);
      form.reset(EMPTY_UPDATE);
      onClose();
      const reach = `${toolName}'s followers${update.updateType === 'security' ? ` and the buyers of ${toolName} products` : ''} are being notified.`;
      toast({ title: 'Update posted', description: reach, variant: 'success' });
      void refreshUnreadCount();
    },
    onError: (error) => {
      setServerErrors(form, error);
      if (error.code === 'NOT_TOOL_MAINTAINER') onRefused();
      toast({ title: 'Failed to post update', description: error.message, variant: 'destructive' });
    },
  });

  return (
    <form className="uform" onSubmit={(e) => void form.handleSubmit((value) => post.run(value))(e)} noValidate aria-label={`Post an update for ${toolName}`}>
      <ErrorSummary items={errorList(errors).map(([name]) => ({ target: id(name), label: LABELS[name as keyof UpdateValues] ?? name }))} />
      <div className="uform-row">
        <FormField id={id('title')} styles={FIELD_STYLES} label="Title" error={errors.title?.message}>
          {(control) => <input {...control} maxLength={UPDATE_TITLE_MAX + 20} {...form.register('title')} />}
        </FormField>
        <FormField id={id('updateType')} styles={FIELD_STYLES} label="Type" error={errors.updateType?.message}>
          {(control) => (
            <select {...control} {...form.register('updateType')}>
              {UPDATE_TYPES.map((t) => (
                <option key={t} value={t}>
                  {UPDATE_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <FormField
        id={id('version')}
        styles={FIELD_STYLES}
        label={
          <>
            Version <span className="hint">(optional)</span>
          </>
        }
        error={errors.version?.message}
      >
        {(control) => <input {...control} maxLength={UPDATE_VERSION_MAX + 10} placeholder="e.g. 1.42.0" {...form.register('version')} />}
      </FormField>
      <FormField id={id('content')} styles={FIELD_STYLES} label="What changed" error={errors.content?.message}>
        {(control) => <textarea {...control} maxLength={UPDATE_CONTENT_MAX + 100} {...form.register('content')} />}
      </FormField>
      {updateType === 'security' ? (
        <p className="usecurity-note">Security updates also notify everyone who downloaded a product built on {toolName}, even if they do not follow it.</p>
      ) : null}
      <div className="uform-actions">
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => {
            onClose();
            form.reset(undefined, { keepValues: true });
          }}
          disabled={posting}
        >
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={posting} aria-busy={posting}>
          {posting ? 'Posting…' : 'Post update'}
        </button>
      </div>
    </form>
  );
}
