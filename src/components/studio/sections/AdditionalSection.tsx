/** Section 9, Additional Information: what buyers need to run it (accounts, API keys, hardware, other). */
import { memo } from 'react';
import { ACCESS_REQUIREMENT_KEYS, ACCESS_REQUIREMENT_LABELS } from '@/src/shared/product-schema';
import { EditorSection } from '../EditorSection';
import { StudioInput } from '../StudioInputs';
import { type SectionProps } from './section-props';

export const AdditionalSection = memo(function AdditionalSection(section: SectionProps) {
  return (
    <EditorSection id="additional" {...section}>
      <div className="st-grid-2">
        {ACCESS_REQUIREMENT_KEYS.map((key) => (
          // An edit clears the errors of every access requirement, as one field.
          <StudioInput key={key} name={`access_requirements.${key}`} label={ACCESS_REQUIREMENT_LABELS[key]} optional clears="access_requirements" />
        ))}
      </div>
    </EditorSection>
  );
});
