/**
 * Section 4, Demos and Links (spec section 5): the demo URL and the primary video URL, each
 * checked 500 ms after typing with the spec's messages, and the demo links.
 */
import { memo } from 'react';
import { DEMO_LINKS_MAX } from '@/src/shared/product-schema';
import { checkDemoUrl, checkVideoUrl } from '@/src/shared/quality-score';
import { errorList } from '@/src/components/ui/form-state';
import { DemoLinksEditor } from '../DemoLinksEditor';
import { EditorSection } from '../EditorSection';
import { StudioInput } from '../StudioInputs';
import { useUrlCheck } from '../use-product-form';
import { useSectionForm, useWholeField, type SectionProps } from './section-props';

const NAMES = ['demo_url', 'video_demo_url', 'demo_links'] as const;

export const DemosSection = memo(function DemosSection(section: SectionProps) {
  const { form, errors } = useSectionForm(NAMES);
  const demoCheck = useUrlCheck(form, 'demo_url', checkDemoUrl);
  const videoCheck = useUrlCheck(form, 'video_demo_url', checkVideoUrl);
  const links = useWholeField('demo_links');
  const linkErrors = Object.fromEntries(errorList(errors).filter(([path]) => path.startsWith('demo_links.')));
  return (
    <EditorSection id="demos" {...section}>
      <StudioInput name="demo_url" label="Demo URL" optional status={demoCheck} type="url" inputMode="url" placeholder="https://demo.example.com" />
      <StudioInput
        name="video_demo_url"
        label="Primary video URL"
        optional
        status={videoCheck}
        hint={videoCheck?.state === 'valid' ? undefined : 'YouTube, Vimeo, or a .mp4, .webm or .ogg file. Shown first in the gallery.'}
        type="url"
        inputMode="url"
        placeholder="https://www.youtube.com/watch?v=…"
      />
      <div data-field="demo_links">
        <DemoLinksEditor links={links.value} onChange={links.onChange} errors={linkErrors} max={DEMO_LINKS_MAX} />
      </div>
    </EditorSection>
  );
});
