/**
 * Section 7, Metrics (spec section 9): integration complexity (slider 1-5 step 1), success
 * rate (slider 0-100 step 5), average setup time (a whole number; anything else counts as 0)
 * and the community score, which buyers earn and the form only shows.
 */
import { memo } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { clearOnEdit } from '@/src/components/ui/form-state';
import { COMMUNITY_SCORE_DEFAULT, type EditorValues } from '../editor-state';
import { EditorSection } from '../EditorSection';
import { StudioInput } from '../StudioInputs';
import { fieldId, useSectionForm, type SectionProps } from './section-props';
import { MetricNote } from './MetricNote';

interface Props extends SectionProps {
  /** The saved product's score; the default for a new one. */
  communityScore: number | null;
}

const COMPLEXITY_LABELS = ['', 'Very easy', 'Easy', 'Moderate', 'Involved', 'Complex'];
const NAMES = ['integration_complexity', 'success_rate', 'avg_setup_time'] as const;

/** A slider with its value shown beside the label. */
function Slider({
  name,
  label,
  shown,
  valueText,
  ...range
}: {
  name: 'integration_complexity' | 'success_rate';
  label: string;
  shown: string;
  valueText: string;
  min: number;
  max: number;
  step: number;
}) {
  const form = useFormContext<EditorValues>();
  return (
    <div className="st-field">
      <div className="st-label-row">
        <label htmlFor={fieldId(name)} className="st-label">
          {label}
        </label>
        <output htmlFor={fieldId(name)} className="st-counter">
          {shown}
        </output>
      </div>
      <input
        id={fieldId(name)}
        data-field={name}
        type="range"
        {...range}
        className="st-range"
        aria-valuetext={valueText}
        {...form.register(name, { valueAsNumber: true, onChange: () => clearOnEdit(form, name) })}
      />
      <MetricNote name={name} />
    </div>
  );
}

export const MetricsSection = memo(function MetricsSection({ communityScore, ...section }: Props) {
  const { form } = useSectionForm(NAMES);
  const [complexity, successRate] = useWatch({ control: form.control, name: ['integration_complexity', 'success_rate'] });
  return (
    <EditorSection id="metrics" {...section}>
      <div className="st-grid-2">
        <Slider
          name="integration_complexity"
          label="Integration complexity"
          shown={`${complexity} · ${COMPLEXITY_LABELS[complexity]}`}
          valueText={`${complexity}, ${COMPLEXITY_LABELS[complexity]}`}
          min={1}
          max={5}
          step={1}
        />
        <Slider name="success_rate" label="Success rate" shown={`${successRate}%`} valueText={`${successRate}%`} min={0} max={100} step={5} />
        <div>
          <StudioInput
            name="avg_setup_time"
            label="Average setup time (minutes)"
            hint="A whole number; anything else counts as 0."
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
          />
          <MetricNote name="avg_setup_time" />
        </div>
        <div className="st-field">
          <span className="st-label">Community score</span>
          <p className="st-readonly">{communityScore ?? COMMUNITY_SCORE_DEFAULT}</p>
          <p className="st-hint">Earned from buyer feedback.</p>
        </div>
      </div>
    </EditorSection>
  );
});
