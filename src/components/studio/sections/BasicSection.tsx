/**
 * Section 1, Basic Information (spec section 2): title, short description, description,
 * tags and category. These fields drive the quality score; the section shows a green check
 * when the title, description and short description are valid.
 */
import { memo } from 'react';
import { useWatch } from 'react-hook-form';
import { TAGS_MAX } from '@/src/shared/product-schema';
import { EditorSection } from '../EditorSection';
import { ListInput } from '../ListInput';
import { StudioInput, StudioSelect, StudioTextarea } from '../StudioInputs';
import type { StudioOptions } from '../types';
import { useSectionForm, useWholeField, type SectionProps } from './section-props';

interface Props extends SectionProps {
  categories: StudioOptions['categories'];
  complete: boolean;
  /** The tags' green tick (spec section 5: its rules are the score's). */
  tagsValid: boolean;
}

const NAMES = ['title', 'short_description', 'description', 'tags', 'category_id'] as const;

export const BasicSection = memo(function BasicSection({ categories, complete, tagsValid, ...section }: Props) {
  const { form, err } = useSectionForm(NAMES);
  const [title, shortDescription, description] = useWatch({ control: form.control, name: ['title', 'short_description', 'description'] });
  const tags = useWholeField('tags');
  return (
    <EditorSection id="basic" {...section} complete={complete}>
      <StudioInput
        name="title"
        label="Title"
        required
        counter={`${title.trim().length}/100`}
        aria-required="true"
        placeholder="AI Lead Qualification Workflow for n8n"
        maxLength={140}
        autoComplete="off"
      />
      <StudioInput
        name="short_description"
        label="Short description"
        optional
        counter={`${shortDescription.trim().length}/150`}
        hint="One line for cards and search results."
        placeholder="Scores inbound leads with GPT and routes hot ones to Slack."
        maxLength={200}
      />
      <StudioTextarea
        name="description"
        label="Description"
        required
        counter={`${description.trim().length}/1000`}
        aria-required="true"
        rows={7}
        placeholder="What does it do, who is it for, and how does it help? Two or more sentences work best."
      />
      <div data-field="tags">
        <ListInput
          name="tags"
          label="Tags"
          values={tags.value}
          onChange={tags.onChange}
          placeholder="automation, lead generation…"
          hint={`3 to 8 tags work best, at most ${TAGS_MAX}. Include one of: ai, automation, productivity, analytics, ml, nlp.`}
          error={err('tags')}
          valid={tagsValid && tags.value.length > 0}
          max={TAGS_MAX}
        />
      </div>
      <StudioSelect name="category_id" label="Category" optional placeholder="Choose a category" options={categories} />
    </EditorSection>
  );
});
