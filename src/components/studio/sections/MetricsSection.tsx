/**
 * Section 7, Metrics (spec section 9): integration complexity (slider 1-5 step 1), success
 * rate (slider 0-100 step 5), average setup time (a whole number; anything else counts as 0)
 * and the community score, which buyers earn and the form only shows.
 */
import { memo } from 'react';
import { useWatch } from 'react-hook-form';
import { clearOnEdit } from '@/src/components/ui/form-state';
import { COMMUNITY_SCORE_DEFAULT } from '../editor-state';
import { EditorSection } from '../EditorSection';
import { StudioField } from '../StudioField';
import { textField } from '../use-product-form';
import { fieldId, useSectionForm, type SectionProps } from './section-props';

interface Props extends SectionProps {
  /** The saved product's score; the default for a new one. */
  communityScore: number | null;
}

const COMPLEXITY_LABELS = ['', 'Very easy', 'Easy', 'Moderate', 'Involved', 'Complex'];
const NAMES = ['integration_complexity', 'success_rate', 'avg_setup_time'] as const;

export const MetricsSection = memo(function MetricsSection({ collapsible, open, onToggle, communityScore }: Props) {
  const { form, err } = useSectionForm(NAMES);
  const [complexity, successRate] = useWatch({ control: form.control, name: ['integration_complexity', 'success_rate'] });
  const slider = (name: 'integration_complexity' | 'success_rate') => form.register(name, { valueAsNumber: true, onChange: () => clearOnEdit(form, name) });
  return (
    <EditorSection
      id="metrics"
      number={7}
      title="Metrics"
      description="Honest expectations help buyers choose, and earn better reviews."
      collapsible={collapsible}
      open={open}
      onToggle={onToggle}
    >
      <div className="st-grid-2">
        <div className="st-field">
          <div className="st-label-row">
            <label htmlFor={fieldId('integration_complexity')} className="st-label">
              Integration complexity
            </label>
            <output htmlFor={fieldId('integration_complexity')} className="st-counter">
              {complexity} · {COMPLEXITY_LABELS[complexity]}
            </output>
          </div>
          <input
            id={fieldId('integration_complexity')}
            data-field="integration_complexity"
            type="range"
            min={1}
            max={5}
            step={1}
            className="st-range"
            aria-valuetext={`${complexity}, ${COMPLEXITY_LABELS[complexity]}`}
            {...slider('integration_complexity')}
          />
        </div>
        <div className="st-field">
          <div className="st-label-row">
            <label htmlFor={fieldId('success_rate')} className="st-label">
              Success rate
            </label>
            <output htmlFor={fieldId('success_rate')} className="st-counter">
              {successRate}%
            </output>
          </div>
          <input
            id={fieldId('success_rate')}
            data-field="success_rate"
            type="range"
            min={0}
            max={100}
            step={5}
            className="st-range"
            aria-valuetext={`${successRate}%`}
            {...slider('success_rate')}
          />
        </div>
        <StudioField
          label="Average setup time (minutes)"
          id={fieldId('avg_setup_time')}
          error={err('avg_setup_time')}
          hint="A whole number; anything else counts as 0."
        >
          {(control) => (
            <input
              {...control}
              data-field="avg_setup_time"
              className="st-input"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              {...textField(form, 'avg_setup_time')}
            />
          )}
        </StudioField>
        <div className="st-field">
          <span className="st-label">Community score</span>
          <p className="st-readonly">{communityScore ?? COMMUNITY_SCORE_DEFAULT}</p>
          <p className="st-hint">Earned from buyer feedback.</p>
        </div>
      </div>
    </EditorSection>
  );
});
