/** The label of each editor field by path, for the error summary's links ('demo_links.0.url' is 'Demo link 1 URL'). */
import { ACCESS_REQUIREMENT_LABELS, type AccessRequirementKey } from '@/src/shared/product-schema';

const LABELS: Record<string, string> = {
  title: 'Title',
  short_description: 'Short description',
  description: 'Description',
  tags: 'Tags',
  category_id: 'Category',
  image_url: 'Main image',
  featured_image_url: 'Featured image',
  additional_images: 'Additional images',
  content_delivery_type: 'Delivery method',
  file_urls: 'Files',
  download_url: 'Access link',
  content_text: 'Text content',
  download_instructions: 'Download instructions',
  issues_license_keys: 'License keys',
  demo_url: 'Demo URL',
  video_demo_url: 'Primary video URL',
  demo_links: 'Demo links',
  ai_tool_type: 'AI tool',
  content_type: 'Content type',
  technical_level: 'Technical level',
  pricing_model: 'Pricing model',
  price: 'Price',
  deployment_type: 'Deployment',
  refund_policy: 'Refund policy',
  pay_what_you_want: 'Pay what you want',
  suggested_price: 'Suggested price',
  affiliates: 'Affiliates',
  affiliate_percent: 'Affiliate commission',
  integration_complexity: 'Integration complexity',
  success_rate: 'Success rate',
  avg_setup_time: 'Average setup time',
  use_cases: 'Use cases',
  required_skills: 'Required skills',
  output_types: 'Output types',
  compatibility_tags: 'Compatible with',
  access_requirements: 'Access requirements',
  status: 'Status',
  version: 'Version',
  release_notes: 'Release notes',
};

export function fieldLabel(path: string): string {
  const [head = '', index, leaf] = path.split('.');
  if (head === 'demo_links' && index !== undefined) return `Demo link ${Number(index) + 1}${leaf ? ` ${leaf === 'url' ? 'URL' : leaf}` : ''}`;
  if (head === 'access_requirements' && index) return ACCESS_REQUIREMENT_LABELS[index as AccessRequirementKey] ?? LABELS[head]!;
  return LABELS[head] ?? head;
}
