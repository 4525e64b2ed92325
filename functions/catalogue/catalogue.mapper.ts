/**
 * Maps published-product rows to the public shapes, applying the marketplace defaults of
 * spec section 3. The only place a product row becomes a ProductCard or PublicProduct.
 */
import { MARKETPLACE_DEFAULTS as D, sanitizeDemoLinks, toNumber, type CreatorCard, type ProductCard, type PublicProduct } from '@/src/shared/products';
import { aiToolLabel } from '@/src/shared/ai-tool-ids';
import { toolDetailsHref } from '@/src/shared/tool-pages';
import type { PublishedCardRow, PublishedProductRow } from './catalogue.repository';

type CreatorColumns = Pick<
  PublishedProductRow,
  | 'creator_id'
  | 'creator_full_name'
  | 'creator_avatar_url'
  | 'creator_verified'
  | 'creator_average_rating'
  | 'creator_follower_count'
  | 'creator_specialties'
  | 'creator_user_type'
>;

function toCreatorCard(row: CreatorColumns): CreatorCard {
  return {
    id: row.creator_id,
    fullName: row.creator_full_name?.trim() || D.creatorName,
    avatarUrl: row.creator_avatar_url,
    verified: row.creator_verified,
    averageRating: toNumber(row.creator_average_rating, 0),
    followerCount: row.creator_follower_count ?? D.count,
    specialties: row.creator_specialties ?? [],
    userType: row.creator_user_type ?? D.creatorUserType,
  };
}

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : new Date(0).toISOString());

export function toProductCard(row: PublishedCardRow): ProductCard {
  return {
    id: row.id,
    title: row.title?.trim() || D.title,
    shortDescription: row.short_description ?? '',
    price: toNumber(row.price, D.price),
    pricingModel: row.pricing_model ?? D.pricingModel,
    payWhatYouWant: row.pay_what_you_want === true,
    // A missing rating is no rating (0), never the spec's 4.5 placeholder (issue 15).
    rating: toNumber(row.rating, 0),
    downloadsCount: row.downloads_count ?? D.count,
    viewsCount: row.views_count ?? D.count,
    reviewCount: row.review_count ?? 0,
    imageUrl: row.image_url,
    categoryId: row.category_id,
    aiToolType: row.ai_tool_type || D.aiToolType,
    // The tool row's name; 'Custom / Other' or 'AI Tool' when the value names no tool.
    aiToolName: row.ai_tool_name ?? aiToolLabel(row.ai_tool_type),
    contentType: row.content_type || D.contentType,
    // Null when the creator did not set it: never the spec's 'beginner' shown as a fact (issue 15).
    technicalLevel: row.technical_level,
    deploymentType: row.deployment_type ?? D.deploymentType,
    contentDeliveryType: row.content_delivery_type ?? D.contentDeliveryType,
    tags: row.tags ?? [],
    createdAt: iso(row.created_at),
    bundleItemCount: Number(row.bundle_item_count ?? 0),
    creator: toCreatorCard(row),
  };
}

/** The page of a product's AI tool: every tool of the directory has one (its detail page, else its landing page). */
export function aiToolHrefOf(row: Pick<PublishedCardRow, 'ai_tool_type' | 'ai_tool_name' | 'ai_tool_detail_page'>): string | null {
  // The join found no approved tool ('custom', an unknown id, a tool not in the directory): no link.
  if (!row.ai_tool_type || row.ai_tool_name === null || row.ai_tool_detail_page === null) return null;
  return toolDetailsHref({ id: row.ai_tool_type, hasDetailPage: row.ai_tool_detail_page });
}

export function toPublicProduct(row: PublishedProductRow): PublicProduct {
  return {
    ...toProductCard(row),
    aiToolHref: aiToolHrefOf(row),
    description: row.description ?? '',
    status: row.status,
    featuredImageUrl: row.featured_image_url,
    additionalImages: row.additional_images ?? [],
    videoDemoUrl: row.video_demo_url,
    demoUrl: row.demo_url,
    demoLinks: sanitizeDemoLinks(row.demo_links),
    compatibilityTags: row.compatibility_tags ?? [],
    useCases: row.use_cases ?? [],
    requiredSkills: row.required_skills ?? [],
    outputTypes: row.output_types ?? [],
    integrationComplexity: row.integration_complexity,
    successRate: row.success_rate,
    avgSetupTime: row.avg_setup_time,
    downloadInstructions: row.download_instructions,
    refundPolicy: row.refund_policy,
    suggestedPrice: row.suggested_price === null ? null : toNumber(row.suggested_price, 0),
    updatedAt: iso(row.updated_at),
  };
}
