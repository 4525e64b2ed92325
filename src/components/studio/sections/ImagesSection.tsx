/**
 * Section 2, Product Images (spec sections 2 and 5): the main, featured and additional image
 * slots, each with an Upload tab and an Image URL tab, and the account's storage line.
 */
import { memo } from 'react';
import { useController, useWatch, type UseFormReturn } from 'react-hook-form';
import { clearOnEdit } from '@/src/components/ui/form-state';
import type { EditorValues } from '../editor-state';
import { EditorSection } from '../EditorSection';
import { ImageSlot } from '../ImageSlot';
import { StorageUsage } from '../StorageUsage';
import { useSectionForm, type SectionProps } from './section-props';

interface Props extends SectionProps {
  uploads: number;
  onBusyChange(busy: boolean): void;
}

const NAMES = ['image_url', 'featured_image_url', 'additional_images'] as const;
const SLOT_TEXT = {
  main: { label: 'Main image', description: 'Shown on marketplace cards. One image.' },
  featured: { label: 'Featured image', description: 'Leads the gallery on your product page. One image.' },
  additional: { label: 'Additional images', description: 'Screenshots and examples. Several images.' },
};

function useImages(form: UseFormReturn<EditorValues>, name: (typeof NAMES)[number]) {
  const { field } = useController({ control: form.control, name });
  const value = field.value as string | string[];
  const images = Array.isArray(value) ? value : value ? [value] : [];
  const onChange = (list: string[]) => {
    field.onChange(Array.isArray(value) ? list : (list[0] ?? ''));
    clearOnEdit(form, name);
  };
  return { images, onChange };
}

export const ImagesSection = memo(function ImagesSection({ uploads, onBusyChange, ...section }: Props) {
  const { form, err } = useSectionForm(NAMES);
  const main = useImages(form, 'image_url');
  const featured = useImages(form, 'featured_image_url');
  const additional = useImages(form, 'additional_images');
  const fileUrls = useWatch({ control: form.control, name: 'file_urls' });
  const imageError = err('image_url') ?? err('featured_image_url') ?? err('additional_images');
  // Changes whenever the product's stored files change, so the storage line is read again.
  const filesKey = uploads > 0 ? null : [...main.images, '|', ...featured.images, '|', ...additional.images, '|', ...fileUrls].join('\n');
  return (
    <EditorSection id="images" {...section} complete={main.images.length > 0}>
      <div className="st-image-grid" data-field="image_url">
        <ImageSlot slot="main" {...SLOT_TEXT.main} {...main} onBusyChange={onBusyChange} />
        <ImageSlot slot="featured" {...SLOT_TEXT.featured} {...featured} onBusyChange={onBusyChange} />
      </div>
      <div data-field="additional_images">
        <ImageSlot slot="additional" {...SLOT_TEXT.additional} {...additional} onBusyChange={onBusyChange} />
      </div>
      {imageError && <p className="st-error">{imageError}</p>}
      <StorageUsage filesKey={filesKey} />
    </EditorSection>
  );
});
