/**
 * Section 8, Detailed Classification: use cases, required skills, output types and
 * compatibility, each a list whose entries are trimmed, non-empty and unique.
 */
import { memo } from 'react';
import { useController, type UseFormReturn } from 'react-hook-form';
import { LIST_MAX } from '@/src/shared/product-schema';
import { clearOnEdit } from '@/src/components/ui/form-state';
import type { EditorValues } from '../editor-state';
import { EditorSection } from '../EditorSection';
import { ListInput } from '../ListInput';
import { useSectionForm, type SectionProps } from './section-props';

type ListName = 'use_cases' | 'required_skills' | 'output_types' | 'compatibility_tags';

const LISTS: { name: ListName; label: string; placeholder: string }[] = [
  { name: 'use_cases', label: 'Use cases', placeholder: 'Qualify inbound leads' },
  { name: 'required_skills', label: 'Required skills', placeholder: 'Basic n8n' },
  { name: 'output_types', label: 'Output types', placeholder: 'Slack message' },
  { name: 'compatibility_tags', label: 'Compatible with', placeholder: 'HubSpot' },
];
const NAMES = LISTS.map((l) => l.name);

function ListField({
  form,
  name,
  label,
  placeholder,
  error,
}: {
  form: UseFormReturn<EditorValues>;
  name: ListName;
  label: string;
  placeholder: string;
  error: string | undefined;
}) {
  const { field } = useController({ control: form.control, name });
  return (
    <div data-field={name}>
      <ListInput
        name={name}
        label={label}
        values={field.value}
        onChange={(next) => {
          field.onChange(next);
          clearOnEdit(form, name);
        }}
        placeholder={placeholder}
        error={error}
        max={LIST_MAX}
      />
    </div>
  );
}

export const DetailedSection = memo(function DetailedSection({ collapsible, open, onToggle }: SectionProps) {
  const { form, err } = useSectionForm(NAMES);
  return (
    <EditorSection
      id="detailed"
      number={8}
      title="Detailed Classification"
      description="Helps buyers and search match your product to their needs."
      collapsible={collapsible}
      open={open}
      onToggle={onToggle}
    >
      <div className="st-grid-2">
        {LISTS.map((list) => (
          <ListField key={list.name} form={form} name={list.name} label={list.label} placeholder={list.placeholder} error={err(list.name)} />
        ))}
      </div>
    </EditorSection>
  );
});
