/**
 * Section 4, Demos and Links (spec section 5): the demo URL and the primary video URL, each
 * checked 500 ms after typing with the spec's messages, and the demo links.
 */
import { memo } from 'react';
import { useController } from 'react-hook-form';
import { DEMO_LINKS_MAX } from '@/src/shared/product-schema';
import { checkDemoUrl, checkVideoUrl } from '@/src/shared/quality-score';
import { clearOnEdit, errorList } from '@/src/components/ui/form-state';
import { DemoLinksEditor } from '../DemoLinksEditor';
import { EditorSection } from '../EditorSection';
import { StudioField } from '../StudioField';
import { textField, useUrlCheck } from '../use-product-form';
import { fieldId, useSectionForm, type SectionProps } from './section-props';

const NAMES = ['demo_url', 'video_demo_url', 'demo_links'] as const;

export const DemosSection = memo(function DemosSection({ collapsible, open, onToggle }: SectionProps) {
  const { form, errors, err } = useSectionForm(NAMES);
  const demoCheck = useUrlCheck(form, 'demo_url', checkDemoUrl);
  const videoCheck = useUrlCheck(form, 'video_demo_url', checkVideoUrl);
  const links = useController({ control: form.control, name: 'demo_links' });
  const linkErrors = Object.fromEntries(errorList(errors).filter(([path]) => path.startsWith('demo_links.')));
  return (
    <EditorSection
      id="demos"
      number={4}
      title="Demos and Links"
      description="Let buyers see it work before they get it."
      collapsible={collapsible}
      open={open}
      onToggle={onToggle}
    >
      <StudioField label="Demo URL" id={fieldId('demo_url')} optional error={err('demo_url')} status={demoCheck}>
        {(control) => (
          <input
            {...control}
            data-field="demo_url"
            className="st-input"
            type="url"
            inputMode="url"
            placeholder="https://demo.example.com"
            {...textField(form, 'demo_url')}
          />
        )}
      </StudioField>
      <StudioField
        label="Primary video URL"
        id={fieldId('video_demo_url')}
        optional
        error={err('video_demo_url')}
        status={videoCheck}
        hint={videoCheck?.state === 'valid' ? undefined : 'YouTube, Vimeo, or a .mp4, .webm or .ogg file. Shown first in the gallery.'}
      >
        {(control) => (
          <input
            {...control}
            data-field="video_demo_url"
            className="st-input"
            type="url"
            inputMode="url"
            placeholder="https://www.youtube.com/watch?v=…"
            {...textField(form, 'video_demo_url')}
          />
        )}
      </StudioField>
      <div data-field="demo_links">
        <DemoLinksEditor
          links={links.field.value}
          onChange={(next) => {
            links.field.onChange(next);
            clearOnEdit(form, 'demo_links');
          }}
          errors={linkErrors}
          max={DEMO_LINKS_MAX}
        />
      </div>
    </EditorSection>
  );
});
