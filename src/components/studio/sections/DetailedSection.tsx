/**
 * Section 8, Detailed Classification: use cases, required skills, output types and
 * compatibility, each a list whose entries are trimmed, non-empty and unique.
 */
import { memo } from 'react';
import { LIST_MAX } from '@/src/shared/product-schema';
import { EditorSection } from '../EditorSection';
import { ListInput } from '../ListInput';
import { useSectionForm, useWholeField, type SectionProps } from './section-props';

type ListName = 'use_cases' | 'required_skills' | 'output_types' | 'compatibility_tags';

const LISTS: { name: ListName; label: string; placeholder: string }[] = [
  { name: 'use_cases', label: 'Use cases', placeholder: 'Qualify inbound leads' },
  { name: 'required_skills', label: 'Required skills', placeholder: 'Basic n8n' },
  { name: 'output_types', label: 'Output types', placeholder: 'Slack message' },
  { name: 'compatibility_tags', label: 'Compatible with', placeholder: 'HubSpot' },
];
const NAMES = LISTS.map((l) => l.name);

function ListField({ name, label, placeholder, error }: { name: ListName; label: string; placeholder: string; error: string | undefined }) {
  const list = useWholeField(name);
  return (
    <div data-field={name}>
      <ListInput name={name} label={label} values={list.value} onChange={list.onChange} placeholder={placeholder} error={error} max={LIST_MAX} />
    </div>
  );
}

export const DetailedSection = memo(function DetailedSection(section: SectionProps) {
  const { err } = useSectionForm(NAMES);
  return (
    <EditorSection id="detailed" {...section}>
      <div className="st-grid-2">
        {LISTS.map((list) => (
          <ListField key={list.name} name={list.name} label={list.label} placeholder={list.placeholder} error={err(list.name)} />
        ))}
      </div>
    </EditorSection>
  );
});
