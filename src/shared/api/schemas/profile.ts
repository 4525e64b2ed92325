/**
 * Profiles, portfolios, seller reviews and onboarding as the API reads and answers them
 * (docs/decisions/024). The TypeScript types in src/shared/profile.ts are derived from these.
 *
 * The profile edit follows the API's one rule: GET /api/profile answers a profile that PUT
 * /api/profile accepts unchanged. Its read-only fields (id, account type, pictures, counters,
 * dates) are accepted and ignored; `null` means "no value". PUT replaces the editable fields,
 * PATCH changes the ones it sends (ProfilePatchSchema: the same schema, every field optional).
 * The account type changes through 'Start selling', the pictures through their upload routes.
 * A creator's company is required: the service checks it against the account type after the
 * merge, and the form (profileFormSchema) as the user types.
 */
import * as z from 'zod/mini';
import { AUTH_MESSAGES, COMPANY_MAX_LENGTH, validateCompany, validateName } from '../../auth-validation';
import { CATEGORY_IDS, ONBOARDING_STATUSES, PROFILE_IMAGE_KINDS, USER_TYPES, type UserType } from '../../domain';
import { BIO_MAX_LENGTH, INTEREST_IDS, MAX_SPECIALTIES, SPECIALTY_MAX_LENGTH } from '../../onboarding';
import { checkWebUrl, LOCATION_MAX_LENGTH, PORTFOLIO_SORT_IDS, SOCIAL_NETWORKS, type SocialNetworkId } from '../../profile';
import { REVIEW_TEXT_MAX, REVIEW_TEXT_MIN } from '../../reviews';
import { normalizeLineEnds, TEXT_MESSAGES, textProblem } from '../../text';
import { maxLength, optionalText, strictObject, userText } from './fields';

// --- Answers --------------------------------------------------------------------------------

const nullableText = z.nullable(z.string());

/** The social links a profile shows: the known networks' http(s) URLs. */
const SocialLinksSchema = z.object(
  Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n.id, z.optional(z.string())])) as Record<SocialNetworkId, z.ZodMiniOptional<z.ZodMiniString>>,
);

/** What /profile/{userId} shows about a person (never the email); GET /api/profile answers one's own. */
export const PublicProfileSchema = z.object({
  id: z.string(),
  /** The public address /@handle, or null until the person chooses one (docs/decisions/032). */
  handle: z.nullable(z.string()),
  fullName: z.string(),
  userType: z.enum(USER_TYPES),
  company: nullableText,
  bio: nullableText,
  avatarUrl: nullableText,
  bannerImageUrl: nullableText,
  socialLinks: SocialLinksSchema,
  specialties: z.array(z.string()),
  location: nullableText,
  website: nullableText,
  verified: z.boolean(),
  followerCount: z.number(),
  followingCount: z.number(),
  averageRating: z.number(),
  reviewCount: z.number(),
  createdAt: z.string(),
});

export const PortfolioItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  shortDescription: z.string(),
  price: z.number(),
  /** one_time, subscription (billed monthly), free or freemium: formatPrice shows '/month' by it. */
  pricingModel: z.string(),
  /** Pay what you want: `price` is the minimum ('$0+' or 'From $X', docs/decisions/077). */
  payWhatYouWant: z.boolean(),
  rating: z.number(),
  downloadsCount: z.number(),
  imageUrl: nullableText,
  categoryId: nullableText,
  createdAt: z.string(),
  /** How many products it bundles (docs/decisions/080); 0 when it is not a bundle. */
  bundleItemCount: z.number(),
});

export const SellerReviewSchema = z.object({
  id: z.string(),
  rating: z.number(),
  text: nullableText,
  createdAt: z.string(),
  updatedAt: z.string(),
  reviewer: z.object({ id: z.string(), fullName: z.string(), avatarUrl: nullableText }),
  /** The reviewer downloaded one of the seller's products. */
  verifiedDownload: z.boolean(),
});

export const SellerRatingSchema = z.object({ averageRating: z.number(), reviewCount: z.number() });

export const SavedReviewSchema = z.object({ created: z.boolean(), review: SellerReviewSchema, seller: SellerRatingSchema });

export const OnboardingSchema = z.object({
  status: z.enum(ONBOARDING_STATUSES),
  interests: z.array(z.string()),
  specialties: z.array(z.string()),
  bio: nullableText,
});

export type Onboarding = z.output<typeof OnboardingSchema>;

export const ProfileImageSchema = z.object({ kind: z.enum(PROFILE_IMAGE_KINDS), url: nullableText });

// --- Requests -------------------------------------------------------------------------------

const SPECIALTY_MESSAGES = {
  tooShort: 'A specialty needs at least 2 characters',
  tooLong: `A specialty has at most ${SPECIALTY_MAX_LENGTH} characters`,
  tooMany: `Choose at most ${MAX_SPECIALTIES} specialties`,
};

/**
 * Specialties: text entries, trimmed; empty ones are skipped and duplicates (ignoring case)
 * kept once; each 2 to 40 characters, at most 10. One message for the list, as the form shows it.
 */
const SpecialtiesSchema = z.pipe(
  z.array(z.string({ error: TEXT_MESSAGES.notText })).check(z.maxLength(MAX_SPECIALTIES * 5, SPECIALTY_MESSAGES.tooMany)),
  z.transform((items: string[], ctx) => {
    const seen = new Set<string>();
    const specialties: string[] = [];
    let problem: string | null = null;
    for (const item of items) {
      const value = normalizeLineEnds(item).trim();
      problem ??= textProblem(value);
      if (!value || seen.has(value.toLowerCase())) continue;
      seen.add(value.toLowerCase());
      if (value.length < 2) problem ??= SPECIALTY_MESSAGES.tooShort;
      else if (value.length > SPECIALTY_MAX_LENGTH) problem ??= SPECIALTY_MESSAGES.tooLong;
      specialties.push(value);
    }
    if (specialties.length > MAX_SPECIALTIES) problem ??= SPECIALTY_MESSAGES.tooMany;
    if (problem) {
      ctx.issues.push({ code: 'custom', message: problem, input: items });
      return z.NEVER;
    }
    return specialties;
  }),
);

const link = optionalText(checkWebUrl);

/** The known networks only (an unknown one is a 400 naming it); an empty or null link removes it. */
const SocialLinksInputSchema = strictObject(Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n.id, link])) as Record<SocialNetworkId, typeof link>);

const BIO_TOO_LONG = `The bio has at most ${BIO_MAX_LENGTH} characters`;

/** A read-only field of the answer: accepted back (null or its type), never changed. */
const readOnly = <S extends z.ZodMiniType>(schema: S) => z.optional(z.nullable(schema));

export const ProfileReplaceSchema = strictObject({
  fullName: userText(validateName, { required: AUTH_MESSAGES.nameRequired }),
  bio: optionalText(maxLength(BIO_MAX_LENGTH, BIO_TOO_LONG)),
  company: optionalText(maxLength(COMPANY_MAX_LENGTH, AUTH_MESSAGES.companyTooLong)),
  location: optionalText(maxLength(LOCATION_MAX_LENGTH, `Location must be at most ${LOCATION_MAX_LENGTH} characters`)),
  website: optionalText(checkWebUrl),
  socialLinks: z.optional(z.nullable(SocialLinksInputSchema)),
  specialties: z.optional(z.nullable(SpecialtiesSchema)),
  // Read-only: what GET answers besides the editable fields.
  id: readOnly(z.string()),
  /** Chosen at PUT /api/settings/account/handle (docs/decisions/032). */
  handle: readOnly(z.string()),
  userType: readOnly(z.enum(USER_TYPES)),
  avatarUrl: readOnly(z.string()),
  bannerImageUrl: readOnly(z.string()),
  verified: readOnly(z.boolean()),
  followerCount: readOnly(z.number()),
  followingCount: readOnly(z.number()),
  averageRating: readOnly(z.number()),
  reviewCount: readOnly(z.number()),
  createdAt: readOnly(z.string()),
});

/** PATCH: any field alone; one not sent is not changed. socialLinks merges by network. */
export const ProfilePatchSchema = z.partial(ProfileReplaceSchema);

export type ProfileReplace = z.output<typeof ProfileReplaceSchema>;

/** A profile's editable fields as they are stored, edited in the form and seeded. */
export interface ProfileFields {
  fullName: string;
  bio: string | null;
  company: string | null;
  location: string | null;
  website: string | null;
  socialLinks: Record<string, string>;
  specialties: string[];
}
export type ProfilePatch = z.output<typeof ProfilePatchSchema>;

/** The edit form: the PUT body, with the company rule of the account type (shown with the other messages). */
export function profileFormSchema(userType: UserType) {
  return ProfileReplaceSchema.check(
    z.superRefine(
      (value, ctx) => {
        const message = validateCompany(userType, typeof value.company === 'string' ? value.company : '');
        if (message) ctx.addIssue({ code: 'custom', path: ['company'], message, input: value.company });
      },
      // Also when other fields are at fault, so every message shows at once.
      { when: () => true },
    ),
  );
}

export const StartSellingSchema = strictObject({ company: z.optional(z.nullable(userText())) });

const interest = z.string().check(z.refine((id) => INTEREST_IDS.includes(id), 'Unknown interest'));

export const OnboardingInputSchema = z.discriminatedUnion('action', [
  strictObject({ action: z.literal('skip') }),
  strictObject({
    action: z.literal('complete'),
    interests: z._default(
      z.pipe(
        z.array(interest).check(z.maxLength(INTEREST_IDS.length)),
        z.transform((ids: string[]) => [...new Set(ids)]),
      ),
      [],
    ),
    specialties: z._default(SpecialtiesSchema, []),
    bio: z._default(userText(maxLength(BIO_MAX_LENGTH, BIO_TOO_LONG)), ''),
  }),
]);
export type OnboardingInput = z.output<typeof OnboardingInputSchema>;

const RATING_MESSAGE = 'Choose a rating from 1 to 5 stars';

/** A seller review: 1 to 5 whole stars and a text of 10 to 2000 characters. */
export const ReviewInputSchema = strictObject({
  rating: z.int({ error: RATING_MESSAGE }).check(z.minimum(1, RATING_MESSAGE), z.maximum(5, RATING_MESSAGE)),
  text: userText(
    (text) =>
      !text
        ? 'Write a few words about your experience'
        : text.length < REVIEW_TEXT_MIN
          ? `The review must be at least ${REVIEW_TEXT_MIN} characters`
          : text.length > REVIEW_TEXT_MAX
            ? `The review must be at most ${REVIEW_TEXT_MAX} characters`
            : null,
    { required: 'Write a few words about your experience' },
  ),
});
export type ReviewInput = z.output<typeof ReviewInputSchema>;

// --- Queries --------------------------------------------------------------------------------

export const PortfolioQuery = {
  sort: z._default(z.enum(PORTFOLIO_SORT_IDS), 'newest'),
  category: z.optional(z.enum(CATEGORY_IDS)),
};

/** What /profile/{userId} shows about a person (never the email). */
export type PublicProfile = z.output<typeof PublicProfileSchema>;

export type SellerReviewView = z.output<typeof SellerReviewSchema>;

export type PortfolioItem = z.output<typeof PortfolioItemSchema>;
