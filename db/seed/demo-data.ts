/**
 * Reads the demo catalogue from db/seed/data/ (layout and editing notes in
 * db/seed/data/README.md, the why in docs/decisions/020) and checks it with the app's own
 * rules, so the demo never holds what a user of the app could not have made:
 * - products through the product editor's schema (ProductInputSchema), and each product
 *   stored exactly as the editor would store it (no field trimmed, de-duplicated or reset on
 *   the way); deliverable files through the upload rules (format, size, safe name); a
 *   published product has something to deliver and belongs to a creator, and no address it
 *   delivers or shows is a placeholder (example.com...); counters are not written in the
 *   files: the seed counts them from the downloads and orders it records;
 * - users through the profile form's schema (profileFormSchema), the onboarding interests and
 *   the sign-up email and password rules;
 * - tool updates, seller reviews and follows through their API schemas and the services'
 *   rules (no self-review or self-follow, one per pair, known tools and users).
 *
 * Every problem is reported at once, with the file and field it is in: the seed refuses to
 * start on a broken catalogue (loadDemoData), and tests/unit/demo-data.test.ts fails on it.
 *
 * Used by db/seed/seed.ts, which runs from the tsx scripts (start, dev, build, db) and the
 * tests, never from the server bundle: the files are read from disk next to this module.
 */
import type { ProfileFields } from '@/src/shared/api/schemas/profile';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { ProductInputSchema, type ProductInput } from '@/src/shared/product-schema';
import { AI_TOOL_IDS, type AiToolId } from '@/src/shared/ai-tool-ids';
import { USER_TYPES, type UpdateType, type UserType } from '@/src/shared/domain';
import { validateEmail, validateNewPassword } from '@/src/shared/auth-validation';
import { OnboardingInputSchema, profileFormSchema, ReviewInputSchema, type ReviewInput } from '@/src/shared/api/schemas/profile';
import { ToolUpdateInputSchema } from '@/src/shared/api/schemas/updates';
import { hasDeliverable, selectDelivery } from '@/src/shared/delivery';
import { DELIVERABLE_MAX_BYTES, deliverablePrefix } from '@/functions/uploads/uploads.service';
import { isDeliverableExtension, extensionOf, matchesFormat, safeFileName } from '@/functions/uploads/file-types';
import { PRIVATE_PREFIX } from '@/functions/_shared/blob-store';
import { isPlaceholderUrl } from '@/src/shared/placeholder-hosts';
import { DEMO_ADMIN_KEY, demoProductId, demoUserId } from './ids';
import { ProductReviewsFileSchema, readDemoProductReviews, type DemoProductReview } from './product-reviews';
import { CommunityFileSchema, readDemoCommunity, type DemoThread } from './community';

export const DEMO_DATA_DIR = fileURLToPath(new URL('./data/', import.meta.url));

/** A profile's editable fields as the profile form saves them. */
export type DemoProfile = ProfileFields;

export interface DemoUser extends DemoProfile {
  key: string;
  email: string;
  userType: UserType;
  role: 'user' | 'admin';
  verified: boolean;
  interests: string[];
  joinedDaysAgo: number;
  avatarHue: number;
}

export interface DemoFile {
  name: string;
  bytes: Buffer;
}

export interface DemoProduct {
  key: string;
  creatorKey: string;
  /** What the product editor saves for this product (file_urls name the deliverables as the seed stores them). */
  input: ProductInput & { category_id: string; ai_tool_type: string };
  files: DemoFile[];
  /** Lifetime views; the seed's downloads and orders make the download and sales figures (seedDemoCounters). */
  viewsCount: number;
  createdDaysAgo: number;
}

export interface DemoToolUpdate {
  title: string;
  content: string;
  updateType: UpdateType;
  version: string | null;
  toolId: AiToolId;
  daysAgo: number;
}

export interface DemoReview extends ReviewInput {
  sellerKey: string;
  reviewerKey: string;
  daysAgo: number;
}

export interface DemoFollow {
  followerKey: string;
  followingKey: string;
}

export interface DemoToolFollow {
  userKey: string;
  toolId: AiToolId;
}

export interface DemoData {
  /** Every demo user's password (documented in the README). */
  password: string;
  users: DemoUser[];
  /** In catalogue-order.json's order: the seed derives images and activity from the position. */
  products: DemoProduct[];
  toolUpdates: DemoToolUpdate[];
  reviews: DemoReview[];
  /** Product reviews (db/seed/product-reviews.ts); a product's rating comes only from these. */
  productReviews: DemoProductReview[];
  follows: DemoFollow[];
  toolFollows: DemoToolFollow[];
  /** The community's threads, replies, votes and Q&A (db/seed/community.ts). */
  community: DemoThread[];
}

export class DemoDataError extends Error {
  override name = 'DemoDataError';
  constructor(readonly problems: string[]) {
    super(`The demo data in db/seed/data has ${problems.length} problem(s):\n${problems.map((p) => `- ${p}`).join('\n')}`);
  }
}

// --- File shapes: the fields each file may hold besides those its form's rules check ---

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single hyphens');
const count = z.number().int().min(0);

const UsersFileSchema = z.strictObject({
  password: z.string(),
  users: z.array(
    z.strictObject({
      key: slug,
      email: z.string(),
      userType: z.enum(USER_TYPES),
      role: z.enum(['user', 'admin']),
      verified: z.boolean(),
      // The profile form's fields, checked by profileFormSchema below.
      fullName: z.unknown().optional(),
      company: z.unknown().optional(),
      bio: z.unknown().optional(),
      location: z.unknown().optional(),
      website: z.unknown().optional(),
      socialLinks: z.unknown().optional(),
      specialties: z.unknown().optional(),
      interests: z.array(z.string()).default([]),
      joinedDaysAgo: count,
      avatarHue: z.number().int().min(0).max(359),
    }),
  ),
});

/** Product fields the seed makes itself: images are generated, file_urls and content_text come from the folder. */
const GENERATED_PRODUCT_FIELDS = ['image_url', 'featured_image_url', 'additional_images', 'file_urls', 'content_text'] as const;
const EDITOR_FIELDS = Object.keys(ProductInputSchema.def.in.shape).filter((k) => !(GENERATED_PRODUCT_FIELDS as readonly string[]).includes(k));

const ProductFileSchema = z.strictObject({
  creator: slug,
  files: z.array(z.string()).default([]),
  views_count: count,
  // No `rating`: a product's rating is the average of its reviews (product-reviews.json).
  created_days_ago: count,
  ...Object.fromEntries(EDITOR_FIELDS.map((k) => [k, z.unknown().optional()])),
});

const ToolUpdatesFileSchema = z.array(
  z.strictObject({
    toolId: z.enum(AI_TOOL_IDS),
    title: z.unknown().optional(),
    content: z.unknown().optional(),
    updateType: z.unknown().optional(),
    version: z.unknown().optional(),
    daysAgo: count,
  }),
);

const ReviewsFileSchema = z.array(
  z.strictObject({ sellerKey: slug, reviewerKey: slug, rating: z.unknown().optional(), text: z.unknown().optional(), daysAgo: count }),
);
const FollowsFileSchema = z.array(z.strictObject({ followerKey: slug, followingKey: slug }));
const ToolFollowsFileSchema = z.array(z.strictObject({ userKey: slug, toolId: z.enum(AI_TOOL_IDS) }));
const CatalogueOrderSchema = z.array(slug);

// --- Reading ---

/** JSON's view of a value: what a row stores (undefined keys dropped), compared ignoring key order. */
const sameData = (a: unknown, b: unknown) => isDeepStrictEqual(JSON.parse(JSON.stringify(a ?? null)), JSON.parse(JSON.stringify(b ?? null)));
/** Zod's issues (classic or mini) as 'path: message', with the refused value when it is a short scalar. */
function issuesOf(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }, input?: unknown): string[] {
  return error.issues.map((issue) => {
    const value = issue.path.reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[key] : undefined), input);
    const shown = ['string', 'number', 'boolean'].includes(typeof value) && String(value).length <= 80 ? ` (${JSON.stringify(value)})` : '';
    return `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}${shown}`;
  });
}

/**
 * Reads and checks every file of the demo catalogue. `problems` is empty when the whole
 * catalogue is valid; `data` then holds all of it (rows with problems are left out).
 */
export function readDemoData(dir: string = DEMO_DATA_DIR): { data: DemoData; problems: string[] } {
  const problems: string[] = [];
  const report = (file: string, messages: string[]) => problems.push(...messages.map((m) => `${file}: ${m}`));

  function readJson<T>(file: string, schema: z.ZodType<T>): T | undefined {
    let raw: unknown;
    try {
      raw = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    } catch (error) {
      report(file, [(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : `not valid JSON (${(error as Error).message})`]);
      return undefined;
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) report(file, issuesOf(parsed.error, raw));
    return parsed.success ? parsed.data : undefined;
  }

  /** A form's output must equal the file: what the form would change, the demo would show differently from an edit. */
  function expectUnchanged(file: string, given: Record<string, unknown>, saved: Record<string, unknown>, form: string) {
    for (const [field, value] of Object.entries(given)) {
      if (!sameData(saved[field], value)) report(file, [`${field}: ${form} would save this as ${JSON.stringify(saved[field] ?? null)}`]);
    }
  }

  // Users
  const usersFile = readJson('users.json', UsersFileSchema);
  const users: DemoUser[] = [];
  if (usersFile) {
    const passwordError = validateNewPassword(usersFile.password);
    if (passwordError) report('users.json', [`password: ${passwordError}`]);
    const emails = new Set<string>();
    const keys = new Set<string>();
    for (const [index, u] of usersFile.users.entries()) {
      const where = `users.json: users.${index} (${u.key})`;
      const fields = {
        fullName: u.fullName,
        bio: u.bio ?? null,
        company: u.company ?? null,
        location: u.location ?? null,
        website: u.website ?? null,
        socialLinks: u.socialLinks ?? {},
        specialties: u.specialties ?? [],
      };
      const parsed = profileFormSchema(u.userType).safeParse(fields);
      const profile: DemoProfile | undefined = parsed.success
        ? {
            fullName: parsed.data.fullName,
            bio: parsed.data.bio ?? null,
            company: parsed.data.company ?? null,
            location: parsed.data.location ?? null,
            website: parsed.data.website ?? null,
            socialLinks: Object.fromEntries(
              Object.entries(parsed.data.socialLinks ?? {}).filter((link): link is [string, string] => typeof link[1] === 'string'),
            ),
            specialties: parsed.data.specialties ?? [],
          }
        : undefined;
      if (!parsed.success) report(where, issuesOf(parsed.error));
      else if (profile) expectUnchanged(where, fields, { ...profile }, 'the profile form');
      const onboarding = OnboardingInputSchema.safeParse({ action: 'complete', interests: u.interests });
      if (!onboarding.success) report(where, issuesOf(onboarding.error, { interests: u.interests }));
      else if (onboarding.data.action === 'complete') expectUnchanged(where, { interests: u.interests }, onboarding.data, 'onboarding');
      const emailError = validateEmail(u.email);
      if (emailError) report(where, [`email: ${emailError}`]);
      else if (u.email !== u.email.trim().toLowerCase()) report(where, ['email: write it in lower case, as sign-in stores it']);
      if (emails.has(u.email)) report(where, [`email: ${u.email} is used twice`]);
      emails.add(u.email);
      if (keys.has(u.key)) report(where, [`key: ${u.key} is used twice`]);
      keys.add(u.key);
      if (profile)
        users.push({
          ...profile,
          key: u.key,
          email: u.email,
          userType: u.userType,
          role: u.role,
          verified: u.verified,
          interests: u.interests,
          joinedDaysAgo: u.joinedDaysAgo,
          avatarHue: u.avatarHue,
        });
    }
    const admin = usersFile.users.find((u) => u.key === DEMO_ADMIN_KEY);
    if (admin?.role !== 'admin')
      report('users.json', [`the user '${DEMO_ADMIN_KEY}' must exist with role 'admin': the seed posts the tool updates as this user`]);
  }
  // References are checked against every user the file declares, so one invalid profile is reported once.
  const userTypes = new Map((usersFile?.users ?? []).map((u) => [u.key, u.userType]));
  const knownUser = (file: string, field: string, key: string) => {
    if (usersFile && !userTypes.has(key)) report(file, [`${field}: no user '${key}' in users.json`]);
    return userTypes.has(key);
  };

  // Products, in the catalogue's order
  const order = readJson('catalogue-order.json', CatalogueOrderSchema) ?? [];
  const productsDir = path.join(dir, 'products');
  const folders = fs.existsSync(productsDir)
    ? fs
        .readdirSync(productsDir, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
    : [];
  for (const key of order.filter((k, i) => order.indexOf(k) !== i)) report('catalogue-order.json', [`${key} is listed twice`]);
  for (const key of order.filter((k) => !folders.includes(k))) report('catalogue-order.json', [`${key} has no folder products/${key}/`]);
  for (const key of folders.filter((k) => !order.includes(k))) report(`products/${key}`, ['not listed in catalogue-order.json']);
  const products: DemoProduct[] = [];
  for (const key of [...new Set(order)].filter((k) => folders.includes(k))) {
    const product = readProduct(key);
    if (product) products.push(product);
  }

  function readProduct(key: string): DemoProduct | undefined {
    const folder = `products/${key}`;
    const file = `${folder}/product.json`;
    const extra = fs.readdirSync(path.join(dir, folder)).filter((name) => !['product.json', 'content.txt', 'files'].includes(name));
    if (extra.length) report(folder, [`unexpected ${extra.join(', ')}: a product folder holds product.json, content.txt and files/`]);
    const fileData = readJson(file, ProductFileSchema);
    if (!fileData) return undefined;
    const { creator, files: fileNames, views_count, created_days_ago, ...rest } = fileData;
    const editorFields: Record<string, unknown> = rest;
    if (!knownUser(file, 'creator', creator)) return undefined;
    if (userTypes.get(creator) !== 'creator')
      report(file, [`creator: '${creator}' is not a creator (only creators publish, and the demo's products are theirs)`]);

    const contentPath = path.join(dir, folder, 'content.txt');
    // An editor's final newline is not part of the text.
    const contentText = fs.existsSync(contentPath) ? fs.readFileSync(contentPath, 'utf8').replace(/\n$/, '') : undefined;
    const files = readDeliverables(folder, fileNames);
    const id = demoProductId(key);
    const demoLinks = editorFields['demo_links'];
    const given: Record<string, unknown> = {
      ...editorFields,
      ...(contentText !== undefined ? { content_text: contentText } : {}),
      // The seed stores each file here (db/seed/seed.ts), in the creator's folder as an upload would.
      file_urls: fileNames.map((name) => `${PRIVATE_PREFIX}${deliverablePrefix(demoUserId(creator))}${id}/${name}`),
      // Link ids are the editor's (a timestamp); fixed ones keep reseeding stable.
      ...(Array.isArray(demoLinks)
        ? { demo_links: demoLinks.map((link: unknown, i) => (link && typeof link === 'object' ? { id: String(1_700_000_000_000 + i), ...link } : link)) }
        : {}),
    };
    const parsed = ProductInputSchema.safeParse(given);
    if (!parsed.success) {
      report(
        file,
        issuesOf(parsed.error, given).map((m) => (m.startsWith('content_text:') ? `content.txt: ${m.slice(14)}` : m)),
      );
      return undefined;
    }
    expectUnchanged(file, given, parsed.data, 'the product editor');
    const input = parsed.data;
    if (!input.category_id || !input.ai_tool_type) {
      report(file, ['category_id and ai_tool_type: every demo product has both (its generated image shows them)']);
      return undefined;
    }
    if (
      input.status === 'published' &&
      !hasDeliverable(
        selectDelivery({ ...input, download_url: input.download_url ?? null, demo_url: input.demo_url ?? null, content_text: input.content_text ?? null }),
      )
    ) {
      report(file, [
        `a published product delivers something: with content_delivery_type '${input.content_delivery_type}' give ${input.content_delivery_type === 'text' ? 'content.txt' : input.content_delivery_type === 'link' ? 'download_url' : 'files'}`,
      ]);
    }
    // A buyer opens these: a reserved or placeholder host (example.com...) is a dead link.
    for (const [field, url] of demoUrlsOf(input)) {
      if (isPlaceholderUrl(url)) report(file, [`${field}: ${url} leads nowhere; link a real page, or deliver a file from files/`]);
    }
    if (!files) return undefined;
    return {
      key,
      creatorKey: creator,
      input: { ...input, category_id: input.category_id, ai_tool_type: input.ai_tool_type },
      files,
      viewsCount: views_count,
      createdDaysAgo: created_days_ago,
    };
  }

  /** A product's deliverables, checked as the upload endpoint checks a file (functions/uploads). */
  function readDeliverables(folder: string, names: string[]): DemoFile[] | undefined {
    const filesDir = path.join(dir, folder, 'files');
    const present = fs.existsSync(filesDir) ? fs.readdirSync(filesDir) : [];
    const before = problems.length;
    for (const name of present.filter((n) => !names.includes(n))) report(`${folder}/files/${name}`, ['not listed in product.json "files"']);
    const files: DemoFile[] = [];
    for (const name of names) {
      const where = `${folder}/files/${name}`;
      if (!present.includes(name)) {
        report(where, ['listed in product.json "files" but missing']);
        continue;
      }
      const bytes = fs.readFileSync(path.join(filesDir, name));
      const ext = extensionOf(name);
      if (safeFileName(name) !== name) report(where, [`an upload would store this name as ${safeFileName(name)}`]);
      if (!isDeliverableExtension(ext)) report(where, ['not a deliverable format (ZIP, RAR, PDF, DOC, DOCX, TXT, JSON, XML, CSV)']);
      else if (bytes.length === 0) report(where, ['empty']);
      else if (bytes.length > DELIVERABLE_MAX_BYTES) report(where, [`larger than ${DELIVERABLE_MAX_BYTES} bytes`]);
      else if (!matchesFormat(ext, bytes)) report(where, [`not a valid ${ext.toUpperCase()} file`]);
      files.push({ name, bytes });
    }
    return problems.length === before ? files : undefined;
  }

  // Tool updates
  const toolUpdates: DemoToolUpdate[] = [];
  for (const [index, u] of (readJson('tool-updates.json', ToolUpdatesFileSchema) ?? []).entries()) {
    const where = `tool-updates.json: ${index}`;
    const fields = { title: u.title, content: u.content, updateType: u.updateType, version: u.version ?? null };
    const parsed = ToolUpdateInputSchema.safeParse(fields);
    if (!parsed.success) {
      report(where, issuesOf(parsed.error));
      continue;
    }
    const update = { ...parsed.data, version: parsed.data.version ?? null };
    expectUnchanged(where, fields, update, 'the update form');
    // The seed derives the row id from the tool and the title.
    if (toolUpdates.some((other) => other.toolId === u.toolId && other.title === update.title))
      report(where, [`title: ${u.toolId} already has an update with this title`]);
    toolUpdates.push({ ...update, toolId: u.toolId, daysAgo: u.daysAgo });
  }

  // Seller reviews: one per reviewer and seller, never of oneself, of a seller (functions/reviews).
  const reviews: DemoReview[] = [];
  const sellers = new Set([
    ...[...userTypes].filter(([, type]) => type === 'creator').map(([key]) => key),
    ...products.filter((p) => p.input.status === 'published').map((p) => p.creatorKey),
  ]);
  for (const [index, r] of (readJson('reviews.json', ReviewsFileSchema) ?? []).entries()) {
    const where = `reviews.json: ${index}`;
    const given = { rating: r.rating, text: r.text };
    const checked = ReviewInputSchema.safeParse(given);
    if (!checked.success) report(where, issuesOf(checked.error));
    else expectUnchanged(where, given, { ...checked.data }, 'the review form');
    if (!knownUser(where, 'sellerKey', r.sellerKey) || !knownUser(where, 'reviewerKey', r.reviewerKey) || !checked.success) continue;
    if (r.sellerKey === r.reviewerKey) report(where, ['a user cannot review themselves']);
    else if (!sellers.has(r.sellerKey)) report(where, [`sellerKey: '${r.sellerKey}' is not a seller`]);
    else if (reviews.some((o) => o.sellerKey === r.sellerKey && o.reviewerKey === r.reviewerKey)) report(where, ['one review per reviewer and seller']);
    else reviews.push({ ...checked.data, sellerKey: r.sellerKey, reviewerKey: r.reviewerKey, daysAgo: r.daysAgo });
  }

  // Follows
  const follows: DemoFollow[] = [];
  for (const [index, f] of (readJson('follows.json', FollowsFileSchema) ?? []).entries()) {
    const where = `follows.json: ${index}`;
    if (!knownUser(where, 'followerKey', f.followerKey) || !knownUser(where, 'followingKey', f.followingKey)) continue;
    if (f.followerKey === f.followingKey) report(where, ['a user cannot follow themselves']);
    else if (follows.some((o) => o.followerKey === f.followerKey && o.followingKey === f.followingKey)) report(where, ['listed twice']);
    else follows.push(f);
  }
  const toolFollows: DemoToolFollow[] = [];
  for (const [index, f] of (readJson('tool-follows.json', ToolFollowsFileSchema) ?? []).entries()) {
    const where = `tool-follows.json: ${index}`;
    if (!knownUser(where, 'userKey', f.userKey)) continue;
    if (toolFollows.some((o) => o.userKey === f.userKey && o.toolId === f.toolId)) report(where, ['listed twice']);
    else toolFollows.push(f);
  }

  // Product reviews: the review form's rules, of a published product, never one's own (db/seed/product-reviews.ts).
  const productReviews = readDemoProductReviews(
    readJson('product-reviews.json', ProductReviewsFileSchema) ?? [],
    {
      products: products.map((p) => ({ key: p.key, creatorKey: p.creatorKey, published: p.input.status === 'published' })),
      productKeys: order,
      users: users.map((u) => ({ key: u.key, userType: u.userType, role: u.role })),
    },
    report,
  );

  // The community: the thread and reply forms' rules, known spaces, users and products (db/seed/community.ts).
  const community = readDemoCommunity(
    readJson('community.json', CommunityFileSchema) ?? [],
    {
      products: products.map((p) => ({ key: p.key, creatorKey: p.creatorKey, published: p.input.status === 'published' })),
      productKeys: order,
      // Every key users.json lists: a user refused for their own problems is reported once, there.
      users: (usersFile?.users ?? []).map((u) => ({ key: String(u.key) })),
    },
    report,
  );

  return { data: { password: usersFile?.password ?? '', users, products, toolUpdates, reviews, productReviews, follows, toolFollows, community }, problems };
}

/** Every address a product shows or delivers, with the field it is in. */
export function demoUrlsOf(input: ProductInput): [string, string][] {
  return [
    ...(input.download_url ? [['download_url', input.download_url] as [string, string]] : []),
    ...(input.demo_url ? [['demo_url', input.demo_url] as [string, string]] : []),
    ...(input.video_demo_url ? [['video_demo_url', input.video_demo_url] as [string, string]] : []),
    ...(input.demo_links ?? []).map((link, i): [string, string] => [`demo_links.${i}.url`, link.url]),
  ];
}

/** The demo catalogue, or a DemoDataError listing every problem in it. */
export function loadDemoData(dir: string = DEMO_DATA_DIR): DemoData {
  const { data, problems } = readDemoData(dir);
  if (problems.length) throw new DemoDataError(problems);
  return data;
}
