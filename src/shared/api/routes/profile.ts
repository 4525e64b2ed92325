/**
 * The signed-in user's own profile (read, replace, patch, pictures, onboarding, 'Start
 * selling'), public portfolios and seller reviews. Account routes: no API key reaches them
 * (no `scope`), only a session.
 */
import * as z from 'zod/mini';
import { defineRoute, json, multipart, page, pageQuery } from '../contract';
import { USER_ID_PATTERN } from '../../ids';
import { PORTFOLIO_PAGE_SIZE, REVIEWS_SHOWN } from '../../profile';
import {
  OnboardingInputSchema,
  OnboardingSchema,
  PortfolioItemSchema,
  PortfolioQuery,
  ProfileImageSchema,
  ProfilePatchSchema,
  ProfileReplaceSchema,
  PublicProfileSchema,
  ReviewInputSchema,
  SavedReviewSchema,
  SellerRatingSchema,
  SellerReviewSchema,
  StartSellingSchema,
} from '../schemas/profile';

/** A user id in a path: better-auth's ids, or the seed's 'demo-<name>'. */
export const userId = () => z.string().check(z.regex(USER_ID_PATTERN, 'Not a valid id'));

const EXAMPLE_USER = 'demo-maya-chen';

const profileExample = {
  fullName: 'Maya Chen',
  bio: 'I build n8n workflows for small sales teams.',
  company: 'Flowline',
  location: 'Toronto, Canada',
  website: 'https://flowline.example.com',
  socialLinks: { github: 'https://github.com/maya' },
  specialties: ['n8n workflows', 'Lead routing'],
};

export const getProfile = defineRoute({
  method: 'GET',
  path: '/api/profile',
  operationId: 'getProfile',
  tag: 'Profile',
  summary: "The caller's profile",
  description: 'Send it back unchanged with `PUT /api/profile`: its read-only fields are accepted and ignored.',
  auth: 'user',
  response: json(PublicProfileSchema),
  errors: ['PROFILE_NOT_FOUND'],
});

export const replaceProfile = defineRoute({
  method: 'PUT',
  path: '/api/profile',
  operationId: 'replaceProfile',
  tag: 'Profile',
  summary: "Replace the caller's profile",
  description:
    'Sets every editable field: `fullName` (required), `bio`, `company` (required for creators), `location`, `website`, `socialLinks`, `specialties`; a field left out or `null` is emptied. ' +
    'The read-only fields of `GET /api/profile` (`id`, `userType`, `avatarUrl`, `bannerImageUrl`, `verified`, counters, `createdAt`) are accepted and ignored: the account type changes ' +
    'with `POST /api/profile/start-selling`, the pictures with their upload routes. Answers the saved profile.',
  auth: 'user',
  body: json(ProfileReplaceSchema),
  response: json(PublicProfileSchema),
  errors: ['PROFILE_NOT_FOUND'],
  example: { body: profileExample },
});

export const updateProfile = defineRoute({
  method: 'PATCH',
  path: '/api/profile',
  operationId: 'updateProfile',
  tag: 'Profile',
  summary: "Change some fields of the caller's profile",
  description:
    'Any field of `PUT /api/profile` alone; a field not sent is not changed, `null` empties it. `socialLinks` merges by network: `{"socialLinks": {"github": null}}` removes the GitHub link only.',
  auth: 'user',
  body: json(ProfilePatchSchema),
  response: json(PublicProfileSchema),
  errors: ['PROFILE_NOT_FOUND'],
  example: { body: { location: 'Lisbon, Portugal' } },
});

const pictureErrors = [
  'NOT_AN_IMAGE',
  'FILE_TOO_LARGE',
  'IMAGE_TOO_MANY_PIXELS',
  'IMAGE_COMPRESSION_FAILED',
  'UPLOAD_FAILED',
  'STORAGE_QUOTA_EXCEEDED',
  'PROFILE_NOT_FOUND',
] as const;

const uploadDescription = 'Multipart, the image in `file` (up to 20 MB); it is checked from its bytes and compressed. Answers its URL.';

export const uploadAvatar = defineRoute({
  method: 'POST',
  path: '/api/profile/avatar',
  operationId: 'uploadAvatar',
  tag: 'Profile',
  summary: "Replace the caller's profile picture",
  description: uploadDescription,
  auth: 'user',
  body: multipart(z.strictObject({})),
  response: json(ProfileImageSchema),
  errors: pictureErrors,
});

export const removeAvatar = defineRoute({
  method: 'DELETE',
  path: '/api/profile/avatar',
  operationId: 'removeAvatar',
  tag: 'Profile',
  summary: "Remove the caller's profile picture",
  auth: 'user',
  response: json(ProfileImageSchema),
  errors: ['PROFILE_NOT_FOUND'],
});

export const uploadBanner = defineRoute({
  method: 'POST',
  path: '/api/profile/banner',
  operationId: 'uploadBanner',
  tag: 'Profile',
  summary: "Replace the caller's cover photo",
  description: uploadDescription,
  auth: 'user',
  body: multipart(z.strictObject({})),
  response: json(ProfileImageSchema),
  errors: pictureErrors,
});

export const removeBanner = defineRoute({
  method: 'DELETE',
  path: '/api/profile/banner',
  operationId: 'removeBanner',
  tag: 'Profile',
  summary: "Remove the caller's cover photo",
  auth: 'user',
  response: json(ProfileImageSchema),
  errors: ['PROFILE_NOT_FOUND'],
});

export const getOnboarding = defineRoute({
  method: 'GET',
  path: '/api/profile/onboarding',
  operationId: 'getOnboarding',
  tag: 'Profile',
  summary: "The caller's onboarding status and answers",
  auth: 'user',
  response: json(OnboardingSchema),
  errors: ['PROFILE_NOT_FOUND'],
});

export const saveOnboarding = defineRoute({
  method: 'POST',
  path: '/api/profile/onboarding',
  operationId: 'saveOnboarding',
  tag: 'Profile',
  summary: 'Complete or skip onboarding',
  description: '`{ "action": "complete", interests, specialties?, bio? }` or `{ "action": "skip" }`. Specialties and bio are kept for creators only.',
  auth: 'user',
  body: json(OnboardingInputSchema),
  response: json(OnboardingSchema),
  errors: ['PROFILE_NOT_FOUND'],
  example: { body: { action: 'complete', interests: ['business', 'automation'], specialties: ['n8n workflows'], bio: 'Workflows for sales teams.' } },
});

export const startSelling = defineRoute({
  method: 'POST',
  path: '/api/profile/start-selling',
  operationId: 'startSelling',
  tag: 'Profile',
  summary: 'Switch the account to a creator account',
  description:
    "Names the creator's company or project with the sign-up rules (`company` required). Publishing still needs a verified email. Answers the profile.",
  auth: 'user',
  body: json(StartSellingSchema),
  response: json(PublicProfileSchema),
  errors: ['PROFILE_NOT_FOUND'],
  example: { body: { company: 'Flowline' } },
});

export const listPortfolio = defineRoute({
  method: 'GET',
  path: '/api/profiles/{userId}/products',
  operationId: 'listPortfolio',
  tag: 'Profiles',
  summary: "A creator's published products",
  description: `Sorted \`newest\` (default), \`popular\` (downloads) or \`top_rated\`, optionally in one category; \`limit\` 1 to 100 (default ${PORTFOLIO_PAGE_SIZE}).`,
  auth: 'public',
  params: z.strictObject({ userId: userId() }),
  query: z.strictObject({ ...PortfolioQuery, ...pageQuery(PORTFOLIO_PAGE_SIZE) }),
  response: json(page(PortfolioItemSchema)),
  errors: ['PROFILE_NOT_FOUND'],
  example: { params: { userId: EXAMPLE_USER }, query: { sort: 'popular', category: 'business', limit: '12' } },
});

const sellerParams = z.strictObject({ sellerId: userId() });

export const listSellerReviews = defineRoute({
  method: 'GET',
  path: '/api/reviews/{sellerId}',
  operationId: 'listSellerReviews',
  tag: 'Reviews',
  summary: "A seller's reviews, newest first",
  description: `With the reviewer's name and avatar; \`limit\` 1 to 100 (default ${REVIEWS_SHOWN}, what a profile shows).`,
  auth: 'public',
  params: sellerParams,
  query: z.strictObject(pageQuery(REVIEWS_SHOWN)),
  response: json(page(SellerReviewSchema)),
  example: { params: { sellerId: EXAMPLE_USER }, query: { limit: '10' } },
});

export const saveSellerReview = defineRoute({
  method: 'PUT',
  path: '/api/reviews/{sellerId}',
  operationId: 'saveSellerReview',
  tag: 'Reviews',
  summary: "Add or replace the caller's review of a seller",
  description:
    "One review per reviewer and seller: 201 when added, 200 when it replaced the previous one. Needs a verified email and one of the seller's products (a paid order that is not refunded, or a download): otherwise 403 SELLER_REVIEW_NOT_ALLOWED; never of oneself.",
  mayCreate: true,
  auth: 'verified',
  params: sellerParams,
  body: json(ReviewInputSchema),
  response: json(SavedReviewSchema),
  errors: ['PROFILE_NOT_FOUND', 'CANNOT_REVIEW_SELF', 'NOT_A_SELLER', 'SELLER_REVIEW_NOT_ALLOWED', 'EMAIL_NOT_VERIFIED'],
  example: { params: { sellerId: EXAMPLE_USER }, body: { rating: 5, text: 'Clear setup notes and quick answers.' } },
});

export const deleteSellerReview = defineRoute({
  method: 'DELETE',
  path: '/api/reviews/{sellerId}',
  operationId: 'deleteSellerReview',
  tag: 'Reviews',
  summary: "Delete the caller's review of a seller",
  auth: 'user',
  params: sellerParams,
  response: json(z.object({ seller: SellerRatingSchema })),
  errors: ['REVIEW_NOT_FOUND'],
  example: { params: { sellerId: EXAMPLE_USER } },
});

export const profileRoutes = [
  getProfile,
  replaceProfile,
  updateProfile,
  uploadAvatar,
  removeAvatar,
  uploadBanner,
  removeBanner,
  getOnboarding,
  saveOnboarding,
  startSelling,
  listPortfolio,
  listSellerReviews,
  saveSellerReview,
  deleteSellerReview,
] as const;
