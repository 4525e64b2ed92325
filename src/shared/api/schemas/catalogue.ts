/**
 * Public catalogue shapes as the API answers them (what leaves the server: never a deliverable).
 * The TypeScript types in src/shared/products.ts are derived from these schemas.
 */
import * as z from 'zod/mini';
import { USER_TYPES } from '../../domain';

export const CreatorCardSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  avatarUrl: z.nullable(z.string()),
  verified: z.boolean(),
  averageRating: z.number(),
  followerCount: z.number(),
  specialties: z.array(z.string()),
  userType: z.enum(USER_TYPES),
});

export const ProductCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  shortDescription: z.string(),
  /** For a pay-what-you-want product (docs/decisions/077), the minimum: cards show '$0+' or 'From $5.00'. */
  price: z.number(),
  pricingModel: z.string(),
  payWhatYouWant: z.boolean(),
  rating: z.number(),
  downloadsCount: z.number(),
  viewsCount: z.number(),
  /** How many reviews `rating` averages (0: no rating, whatever `rating` says). */
  reviewCount: z.number(),
  imageUrl: z.nullable(z.string()),
  categoryId: z.nullable(z.string()),
  aiToolType: z.string(),
  /** The AI tool's display name, from the tool's row (a tool approved after launch too). */
  aiToolName: z.string(),
  contentType: z.string(),
  /** Null when the creator did not set it (issue 15). */
  technicalLevel: z.nullable(z.string()),
  deploymentType: z.string(),
  contentDeliveryType: z.string(),
  tags: z.array(z.string()),
  createdAt: z.string(),
  /** How many products the product bundles (docs/decisions/080); 0 when it is not a bundle. Cards say 'Bundle'. */
  bundleItemCount: z.number(),
  creator: CreatorCardSchema,
});
