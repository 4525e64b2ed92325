/**
 * Whether a metric is shown to buyers (issue 15). The editor starts every metric at the spec's
 * value but does not show it on the product page until the creator changes it: this note says
 * so, marks the metric set as soon as its value changes, and offers 'Show it' (keep the
 * starting value, as chosen) and 'Don't show' (back to not set).
 */
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { defaultValues, type EditorValues, type OptionalMetric } from '../editor-state';

export function MetricNote({ name }: { name: OptionalMetric }) {
  const form = useFormContext<EditorValues>();
  const [value, unset] = useWatch({ control: form.control, name: [name, 'metrics_unset'] });
  const isUnset = unset.includes(name);
  const starting = defaultValues()[name];
  const setUnset = (next: OptionalMetric[]) => form.setValue('metrics_unset', next, { shouldDirty: true });
  // A change of the value is the creator setting it.
  useEffect(() => {
    if (isUnset && String(value) !== String(starting)) setUnset(unset.filter((m) => m !== name));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the value changes
  }, [value]);
  return isUnset ? (
    <p className="st-hint" data-metric-note={name}>
      Not shown to buyers until you change it.{' '}
      <button type="button" className="st-link-button st-metric-toggle" onClick={() => setUnset(unset.filter((m) => m !== name))}>
        Show it
      </button>
    </p>
  ) : (
    <p className="st-hint" data-metric-note={name}>
      Shown on the product page.{' '}
      <button
        type="button"
        className="st-link-button st-metric-toggle"
        onClick={() => {
          form.setValue(name, starting as never, { shouldDirty: true });
          setUnset([...unset, name]);
        }}
      >
        Don&apos;t show
      </button>
    </p>
  );
}
