/** Section 5, AI-Native Classification: the AI tool, the content type and the technical level. */
import { memo } from 'react';
import { useWatch } from 'react-hook-form';
import { TECHNICAL_LEVEL_LABELS, TECHNICAL_LEVELS } from '@/src/shared/domain';
import { EditorSection } from '../EditorSection';
import { StudioField } from '../StudioField';
import type { StudioOptions } from '../types';
import { textField } from '../use-product-form';
import { fieldId, useSectionForm, type SectionProps } from './section-props';

interface Props extends SectionProps {
  aiTools: StudioOptions['aiTools'];
  contentTypes: StudioOptions['contentTypes'];
}

const NAMES = ['ai_tool_type', 'content_type', 'technical_level'] as const;

export const ClassificationSection = memo(function ClassificationSection({ collapsible, open, onToggle, aiTools, contentTypes }: Props) {
  const { form, err } = useSectionForm(NAMES);
  const level = useWatch({ control: form.control, name: 'technical_level' });
  return (
    <EditorSection
      id="classification"
      number={5}
      title="AI-Native Classification"
      description="Which AI tool it is built for and what kind of product it is."
      collapsible={collapsible}
      open={open}
      onToggle={onToggle}
    >
      <div className="st-grid-2">
        <StudioField label="AI tool" id={fieldId('ai_tool_type')} optional error={err('ai_tool_type')}>
          {(control) => (
            <select {...control} data-field="ai_tool_type" className="st-input" {...textField(form, 'ai_tool_type')}>
              <option value="">Choose a tool</option>
              {aiTools.map((g) => (
                <optgroup key={g.group} label={g.group}>
                  {g.options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          )}
        </StudioField>
        <StudioField label="Content type" id={fieldId('content_type')} optional error={err('content_type')}>
          {(control) => (
            <select {...control} data-field="content_type" className="st-input" {...textField(form, 'content_type')}>
              <option value="">Choose a type</option>
              {contentTypes.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </StudioField>
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
        {err('technical_level') && <p className="st-error">{err('technical_level')}</p>}
      </fieldset>
    </EditorSection>
  );
});
