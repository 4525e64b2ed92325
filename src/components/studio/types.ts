/**
 * Shapes the studio islands work with: the owner's product as the API answers it (dates as
 * ISO strings), the select options the page passes in, and the preview's extra data.
 */
import type { DemoLinkJson } from '@/db/schema';
import type { DeliveryType, DeploymentType, PricingModel, ProductStatus, TechnicalLevel } from '@/src/shared/domain';
import type { QualityScore } from '@/src/shared/quality-score';

export interface StudioProduct {
  id: string;
  creator_id: string;
  title: string;
  description: string | null;
  short_description: string | null;
  price: number;
  category_id: string | null;
  status: ProductStatus;
  tags: string[];
  demo_url: string | null;
  download_url: string | null;
  image_url: string | null;
  featured_image_url: string | null;
  additional_images: string[];
  video_demo_url: string | null;
  downloads_count: number;
  views_count: number;
  rating: number;
  ai_tool_type: string | null;
  content_type: string | null;
  pricing_model: PricingModel;
  technical_level: TechnicalLevel;
  deployment_type: DeploymentType;
  compatibility_tags: string[];
  use_cases: string[];
  required_skills: string[];
  output_types: string[];
  integration_complexity: number;
  success_rate: number;
  avg_setup_time: number;
  community_score: number;
  content_delivery_type: DeliveryType;
  content_text: string | null;
  file_urls: string[];
  download_instructions: string | null;
  issues_license_keys: boolean;
  access_requirements: Record<string, unknown>;
  demo_links: DemoLinkJson[];
  published_at: string | null;
  created_at: string;
  updated_at: string;
  qualityScore: QualityScore;
}

export interface Option {
  value: string;
  label: string;
}

export interface OptionGroup {
  group: string;
  options: Option[];
}

export interface StudioOptions {
  categories: Option[];
  aiTools: OptionGroup[];
  contentTypes: Option[];
}

export interface StudioCreator {
  id: string;
  fullName: string;
  company: string | null;
  avatarUrl: string | null;
  bio: string | null;
  verified: boolean;
  followerCount: number;
}

export interface StudioReviews {
  average: number;
  total: number;
  latest: { id: string; rating: number; text: string | null; reviewerName: string; date: string; verifiedPurchase: boolean }[];
}

/** JSON of a Date-bearing object: what the API sends and the page passes as props. */
export function toStudioProduct<T extends { published_at: Date | string | null; created_at: Date | string; updated_at: Date | string }>(p: T) {
  const iso = (d: Date | string) => (typeof d === 'string' ? d : d.toISOString());
  return { ...p, published_at: p.published_at ? iso(p.published_at) : null, created_at: iso(p.created_at), updated_at: iso(p.updated_at) };
}
