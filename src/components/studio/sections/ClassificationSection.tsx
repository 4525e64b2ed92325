/** Section 5, AI-Native Classification: the AI tool, the content type and the technical level. */
import { memo } from 'react';
import { useWatch } from 'react-hook-form';
import { TECHNICAL_LEVEL_LABELS, TECHNICAL_LEVELS } from '@/src/shared/domain';
import { EditorSection } from '../EditorSection';
import { StudioSelect } from '../StudioInputs';
import type { StudioOptions } from '../types';
import { textField } from '../use-product-form';
import { useSectionForm, type SectionProps } from './section-props';
import { MetricNote } from './MetricNote';

interface Props extends SectionProps {
  aiTools: StudioOptions['aiTools'];
  contentTypes: StudioOptions['contentTypes'];
}

const NAMES = ['ai_tool_type', 'content_type', 'technical_level'] as const;

export const ClassificationSection = memo(function ClassificationSection({ aiTools, contentTypes, ...section }: Props) {
  const { form, err } = useSectionForm(NAMES);
  const level = useWatch({ control: form.control, name: 'technical_level' });
  return (
    <EditorSection id="classification" {...section}>
      <div className="st-grid-2">
        <StudioSelect name="ai_tool_type" label="AI tool" optional placeholder="Choose a tool" groups={aiTools} />
        <StudioSelect name="content_type" label="Content type" optional placeholder="Choose a type" options={contentTypes} />
      </div>
      <fieldset className="st-fieldset" data-field="technical_level">
        <legend className="st-label">Technical level</legend>
        <div className="st-segmented">
          {TECHNICAL_LEVELS.map((value) => (
            <label key={value} className={level === value ? 'is-selected' : ''}>
              <input type="radio" value={value} {...textField(form, 'technical_level')} />
              {TECHNICAL_LEVEL_LABELS[value]}
            </label>
          ))}
        </div>
        <MetricNote name="technical_level" />
        {err('technical_level') && <p className="st-error">{err('technical_level')}</p>}
      </fieldset>
    </EditorSection>
  );
});
