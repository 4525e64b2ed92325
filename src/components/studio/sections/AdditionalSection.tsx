/** Section 9, Additional Information: what buyers need to run it (accounts, API keys, hardware, other). */
import { memo } from 'react';
import { ACCESS_REQUIREMENT_KEYS, ACCESS_REQUIREMENT_LABELS } from '@/src/shared/product-schema';
import { EditorSection } from '../EditorSection';
import { StudioField } from '../StudioField';
import { textField } from '../use-product-form';
import { fieldId, useSectionForm, type SectionProps } from './section-props';

const NAMES = ['access_requirements'] as const;

export const AdditionalSection = memo(function AdditionalSection({ collapsible, open, onToggle }: SectionProps) {
  const { form, err } = useSectionForm(NAMES);
  return (
    <EditorSection
      id="additional"
      number={9}
      title="Additional Information"
      description="What buyers need to run it."
      collapsible={collapsible}
      open={open}
      onToggle={onToggle}
    >
      <div className="st-grid-2">
        {ACCESS_REQUIREMENT_KEYS.map((key) => (
          <StudioField
            key={key}
            label={ACCESS_REQUIREMENT_LABELS[key]}
            id={fieldId(`access_requirements.${key}`)}
            optional
            error={err(`access_requirements.${key}`)}
          >
            {/* An edit clears the errors of every access requirement, as one field. */}
            {(control) => (
              <input
                {...control}
                data-field={`access_requirements.${key}`}
                className="st-input"
                {...textField(form, `access_requirements.${key}`, 'access_requirements')}
              />
            )}
          </StudioField>
        ))}
      </div>
    </EditorSection>
  );
});
