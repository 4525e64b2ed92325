/**
 * Section 1, Basic Information (spec section 2): title, short description, description,
 * tags and category. These fields drive the quality score; the section shows a green check
 * when the title, description and short description are valid.
 */
import { memo } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { TAGS_MAX } from '@/src/shared/product-schema';
import { clearOnEdit } from '@/src/components/ui/form-state';
import { EditorSection } from '../EditorSection';
import { ListInput } from '../ListInput';
import { StudioField } from '../StudioField';
import type { StudioOptions } from '../types';
import { textField } from '../use-product-form';
import { fieldId, useSectionForm, type SectionProps } from './section-props';

interface Props extends SectionProps {
  categories: StudioOptions['categories'];
  complete: boolean;
  /** The tags' green tick (spec section 5: its rules are the score's). */
  tagsValid: boolean;
}

const NAMES = ['title', 'short_description', 'description', 'tags', 'category_id'] as const;

export const BasicSection = memo(function BasicSection({ collapsible, open, onToggle, categories, complete, tagsValid }: Props) {
  const { form, err } = useSectionForm(NAMES);
  const [title, shortDescription, description] = useWatch({ control: form.control, name: ['title', 'short_description', 'description'] });
  const tags = useController({ control: form.control, name: 'tags' });
  return (
    <EditorSection
      id="basic"
      number={1}
      title="Basic Information"
      description="What it is and why buyers want it. These fields drive the quality score."
      collapsible={collapsible}
      open={open}
      onToggle={onToggle}
      complete={complete}
    >
      <StudioField label="Title" id={fieldId('title')} required error={err('title')} counter={`${title.trim().length}/100`}>
        {(control) => (
          <input
            {...control}
            data-field="title"
            aria-required="true"
            className="st-input"
            placeholder="AI Lead Qualification Workflow for n8n"
            maxLength={140}
            autoComplete="off"
            {...textField(form, 'title')}
          />
        )}
      </StudioField>
      <StudioField
        label="Short description"
        id={fieldId('short_description')}
        optional
        error={err('short_description')}
        counter={`${shortDescription.trim().length}/150`}
        hint="One line for cards and search results."
      >
        {(control) => (
          <input
            {...control}
            data-field="short_description"
            className="st-input"
            placeholder="Scores inbound leads with GPT and routes hot ones to Slack."
            maxLength={200}
            {...textField(form, 'short_description')}
          />
        )}
      </StudioField>
      <StudioField label="Description" id={fieldId('description')} required error={err('description')} counter={`${description.trim().length}/1000`}>
        {(control) => (
          <textarea
            {...control}
            data-field="description"
            aria-required="true"
            className="st-input st-textarea"
            rows={7}
            placeholder="What does it do, who is it for, and how does it help? Two or more sentences work best."
            {...textField(form, 'description')}
          />
        )}
      </StudioField>
      <div data-field="tags">
        <ListInput
          name="tags"
          label="Tags"
          values={tags.field.value}
          onChange={(next) => {
            tags.field.onChange(next);
            clearOnEdit(form, 'tags');
          }}
          placeholder="automation, lead generation…"
          hint={`3 to 8 tags work best, at most ${TAGS_MAX}. Include one of: ai, automation, productivity, analytics, ml, nlp.`}
          error={err('tags')}
          valid={tagsValid && tags.field.value.length > 0}
          max={TAGS_MAX}
        />
      </div>
      <StudioField label="Category" id={fieldId('category_id')} optional error={err('category_id')}>
        {(control) => (
          <select {...control} data-field="category_id" className="st-input" {...textField(form, 'category_id')}>
            <option value="">Choose a category</option>
            {categories.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        )}
      </StudioField>
    </EditorSection>
  );
});
