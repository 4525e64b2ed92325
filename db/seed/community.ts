/**
 * The demo community (issue 16, docs/decisions/036): db/seed/data/community.json, threads with
 * their replies and up-votes in several spaces, questions on a few products with accepted
 * answers. Checked with the community's own rules (readDemoCommunity, called by the demo
 * data loader): the thread form's schema (title, body, tags, kind), a known space, a published
 * product for a product question, known users, no vote on one's own post and one per person,
 * replies nested one level under an earlier reply, an accepted answer only on a question and
 * among its replies. Written by seedCommunity after the rest of the demo, with every figure
 * derived from the rows written: vote_count and reply_count counted, hot_score from the same
 * formula (src/shared/community.ts hotScore), last activity from the last reply, each space's
 * thread_count recounted; the author and the repliers follow the thread (as the app does), and
 * the notices the app would have sent for an accepted answer and a product question.
 *
 * Stable ids (demoThreadId, demoReplyId) let other steps of the seed point at a post: the
 * moderation seed's open report, for one.
 */
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../database';
import { renderMarkdown } from '@/functions/_shared/markdown';
import { ThreadInputSchema, ReplyInputSchema } from '@/src/shared/api/schemas/community';
import { AI_TOOL_IDS } from '@/src/shared/ai-tool-ids';
import { GENERAL_SPACES, hotScore } from '@/src/shared/community';
import { demoProductId, demoUserId, stableUuid } from './ids';

const demoThreadId = (threadKey: string) => stableUuid('community-thread', threadKey);
const demoReplyId = (threadKey: string, replyKey: string) => stableUuid('community-reply', `${threadKey}:${replyKey}`);

export interface DemoReply {
  key: string;
  authorKey: string;
  parentKey: string | null;
  body: string;
  hoursAfter: number;
  voterKeys: string[];
}

export interface DemoThread {
  key: string;
  spaceId: string;
  kind: 'discussion' | 'question';
  productKey: string | null;
  authorKey: string;
  title: string;
  body: string;
  tags: string[];
  daysAgo: number;
  voterKeys: string[];
  replies: DemoReply[];
  acceptedKey: string | null;
}

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case words joined by hyphens');
const count = z.number().int().min(0);

export const CommunityFileSchema = z.array(
  z.strictObject({
    key: slug,
    space: z.string(),
    kind: z.unknown().optional(),
    product: slug.optional(),
    author: slug,
    title: z.unknown().optional(),
    body: z.unknown().optional(),
    tags: z.unknown().optional(),
    daysAgo: count,
    votes: z.array(slug),
    replies: z.array(
      z.strictObject({
        key: slug,
        author: slug,
        parent: slug.optional(),
        body: z.unknown().optional(),
        hoursAfter: count,
        votes: z.array(slug),
      }),
    ),
    accepted: slug.optional(),
  }),
);

const issues = (error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }) =>
  error.issues.map((i) => `${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`);

const KNOWN_SPACES: readonly string[] = [...GENERAL_SPACES.map((s) => s.id), ...AI_TOOL_IDS];

/** The file's threads, each checked as the API checks one. `report(where, problems)` collects what is wrong. */
export function readDemoCommunity(
  rows: z.infer<typeof CommunityFileSchema>,
  context: {
    products: { key: string; creatorKey: string; published: boolean }[];
    /** Every product key of the catalogue, loaded or not: a question on a product refused for its own problems is not reported again. */
    productKeys: string[];
    users: { key: string }[];
  },
  report: (where: string, problems: string[]) => void,
): DemoThread[] {
  const threads: DemoThread[] = [];
  const knownUser = (key: string) => context.users.some((u) => u.key === key);
  for (const [index, t] of rows.entries()) {
    const where = `community.json: ${index} (${t.key})`;
    if (t.product && context.productKeys.includes(t.product) && !context.products.some((p) => p.key === t.product)) continue;
    const problems: string[] = [];
    const parsed = ThreadInputSchema.safeParse({ spaceId: t.space, title: t.title, body: t.body, kind: t.kind, tags: t.tags ?? [] });
    if (!parsed.success) problems.push(...issues(parsed.error));
    else {
      if (parsed.data.title !== t.title) problems.push('title: the thread form would save it differently');
      if (parsed.data.body !== t.body) problems.push('body: the thread form would save it differently');
      if (JSON.stringify(parsed.data.tags) !== JSON.stringify(t.tags ?? [])) problems.push('tags: the thread form would save them differently');
    }
    if (!KNOWN_SPACES.includes(t.space)) problems.push(`space: no space '${t.space}'`);
    if (threads.some((o) => o.key === t.key)) problems.push('key: listed twice');
    if (!knownUser(t.author)) problems.push(`author: no user '${t.author}'`);
    const product = t.product ? context.products.find((p) => p.key === t.product) : undefined;
    if (t.product && !product) problems.push(`product: no product '${t.product}'`);
    else if (product && !product.published) problems.push(`product: '${t.product}' is not published`);
    if (t.product && t.kind !== 'question') problems.push('product: a thread on a product is a question');
    const checkVotes = (path: string, voters: string[], authorKey: string) => {
      for (const v of voters) if (!knownUser(v)) problems.push(`${path}: no user '${v}'`);
      if (voters.includes(authorKey)) problems.push(`${path}: no vote on one's own post`);
      if (new Set(voters).size !== voters.length) problems.push(`${path}: one vote per person`);
    };
    checkVotes('votes', t.votes, t.author);
    const replies: DemoReply[] = [];
    for (const [r, reply] of t.replies.entries()) {
      const at = `replies.${r}`;
      const body = ReplyInputSchema.safeParse({ body: reply.body });
      if (!body.success) problems.push(...issues(body.error).map((m) => `${at}.${m}`));
      else if (body.data.body !== reply.body) problems.push(`${at}.body: the reply form would save it differently`);
      if (!knownUser(reply.author)) problems.push(`${at}.author: no user '${reply.author}'`);
      if (replies.some((o) => o.key === reply.key)) problems.push(`${at}.key: listed twice`);
      if (reply.parent) {
        const parent = replies.find((o) => o.key === reply.parent);
        if (!parent) problems.push(`${at}.parent: no earlier reply '${reply.parent}'`);
        else if (parent.parentKey) problems.push(`${at}.parent: replies nest one level`);
        else if (parent.hoursAfter > reply.hoursAfter) problems.push(`${at}.hoursAfter: a reply comes after the one it answers`);
      }
      if (reply.hoursAfter >= t.daysAgo * 24) problems.push(`${at}.hoursAfter: a reply cannot be in the future`);
      checkVotes(`${at}.votes`, reply.votes, reply.author);
      replies.push({
        key: reply.key,
        authorKey: reply.author,
        parentKey: reply.parent ?? null,
        body: reply.body as string,
        hoursAfter: reply.hoursAfter,
        voterKeys: reply.votes,
      });
    }
    if (t.accepted) {
      if (t.kind !== 'question') problems.push('accepted: only a question has an accepted answer');
      if (!replies.some((r) => r.key === t.accepted)) problems.push(`accepted: no reply '${t.accepted}'`);
    }
    if (problems.length || !parsed.success) {
      report(where, problems);
      continue;
    }
    threads.push({
      key: t.key,
      spaceId: t.space,
      kind: parsed.data.kind,
      productKey: t.product ?? null,
      authorKey: t.author,
      title: parsed.data.title,
      body: parsed.data.body,
      tags: parsed.data.tags,
      daysAgo: t.daysAgo,
      voterKeys: t.votes,
      replies,
      acceptedKey: t.accepted ?? null,
    });
  }
  return threads;
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * Writes the threads, replies, votes, follows and notices (idempotent: stable ids, on conflict
 * do nothing), then recounts each space's threads. Products not in the database (a catalogue
 * seeded without them) leave their questions out. Answers how many threads are in the database.
 */
export async function seedCommunity(db: Db, threads: DemoThread[], products: { key: string; creatorKey: string }[], now: number): Promise<number> {
  for (const t of threads) {
    const threadId = demoThreadId(t.key);
    const productId = t.productKey ? demoProductId(t.productKey) : null;
    if (productId) {
      const exists = await db.selectFrom('products').select('id').where('id', '=', productId).where('status', '=', 'published').executeTakeFirst();
      if (!exists) continue;
    }
    const createdAt = new Date(now - t.daysAgo * DAY);
    const replyAt = (r: DemoReply) => new Date(createdAt.getTime() + r.hoursAfter * HOUR);
    const lastActivity = t.replies.reduce((last, r) => Math.max(last, replyAt(r).getTime()), createdAt.getTime());
    const accepted = t.acceptedKey ? demoReplyId(t.key, t.acceptedKey) : null;
    await db
      .insertInto('community_threads')
      .values({
        id: threadId,
        space_id: t.spaceId,
        author_id: demoUserId(t.authorKey),
        kind: t.kind,
        title: t.title,
        body: t.body,
        body_html: renderMarkdown(t.body),
        product_id: productId,
        tags: t.tags,
        vote_count: t.voterKeys.length,
        reply_count: t.replies.length,
        hot_score: hotScore(t.voterKeys.length, createdAt),
        last_activity_at: new Date(lastActivity),
        created_at: createdAt,
        updated_at: createdAt,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    for (const r of t.replies) {
      await db
        .insertInto('community_replies')
        .values({
          id: demoReplyId(t.key, r.key),
          thread_id: threadId,
          author_id: demoUserId(r.authorKey),
          parent_reply_id: r.parentKey ? demoReplyId(t.key, r.parentKey) : null,
          body: r.body,
          body_html: renderMarkdown(r.body),
          vote_count: r.voterKeys.length,
          created_at: replyAt(r),
          updated_at: replyAt(r),
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      for (const v of r.voterKeys)
        await sql`insert into community_votes (user_id, target_kind, reply_id, created_at)
          values (${demoUserId(v)}, 'reply', ${demoReplyId(t.key, r.key)}::uuid, ${replyAt(r)}) on conflict do nothing`.execute(db);
    }
    for (const v of t.voterKeys)
      await sql`insert into community_votes (user_id, target_kind, thread_id, created_at)
        values (${demoUserId(v)}, 'thread', ${threadId}::uuid, ${createdAt}) on conflict do nothing`.execute(db);
    if (accepted) await db.updateTable('community_threads').set({ accepted_reply_id: accepted }).where('id', '=', threadId).execute();
    // The author follows their thread, every replier the thread they replied to.
    for (const key of new Set([t.authorKey, ...t.replies.map((r) => r.authorKey)]))
      await db
        .insertInto('community_thread_follows')
        .values({ thread_id: threadId, user_id: demoUserId(key), created_at: createdAt })
        .onConflict((oc) => oc.doNothing())
        .execute();
    // The notices the app sends for a product question and an accepted answer.
    const notices: { user: string; kind: 'community_product_question' | 'community_answer_accepted'; reply: string | null; actor: string; at: Date }[] = [];
    const creatorKey = t.productKey ? products.find((p) => p.key === t.productKey)?.creatorKey : undefined;
    if (creatorKey && creatorKey !== t.authorKey)
      notices.push({ user: creatorKey, kind: 'community_product_question', reply: null, actor: t.authorKey, at: createdAt });
    const answer = t.replies.find((r) => r.key === t.acceptedKey);
    if (answer && answer.authorKey !== t.authorKey)
      notices.push({ user: answer.authorKey, kind: 'community_answer_accepted', reply: accepted, actor: t.authorKey, at: new Date(lastActivity) });
    for (const n of notices)
      await db
        .insertInto('user_notifications')
        .values({
          user_id: demoUserId(n.user),
          kind: n.kind,
          community_thread_id: threadId,
          community_reply_id: n.reply,
          actor_id: demoUserId(n.actor),
          update_id: null,
          order_id: null,
          reason: null,
          created_at: n.at,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
  }
  await sql`
    update community_spaces s set thread_count = c.n
    from (select s2.id, count(t.id)::int as n from community_spaces s2
          left join community_threads t on t.space_id = s2.id and t.deleted_at is null
          group by s2.id) c
    where c.id = s.id and s.thread_count <> c.n
  `.execute(db);
  if (!threads.length) return 0;
  const row = await db
    .selectFrom('community_threads')
    .select(sql<string>`count(*)`.as('n'))
    .where(
      'id',
      'in',
      threads.map((t) => demoThreadId(t.key)),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The demo's one open report (docs/decisions/037), so /admin/reports has something to show: a
 * member asks the team to look at a thread they think repeats an older one. Idempotent: one
 * report per target and reporter. Nothing is hidden; the admin decides.
 */
export async function seedOpenReport(db: Db, now: number): Promise<void> {
  const threadId = demoThreadId('json-output-tricks');
  const thread = await db.selectFrom('community_threads').select(['id', 'author_id']).where('id', '=', threadId).executeTakeFirst();
  if (!thread) return;
  await db
    .insertInto('reports')
    .values({
      target_kind: 'thread',
      target_id: thread.id,
      target_user_id: thread.author_id,
      reporter_id: demoUserId('diego-ramirez'),
      reason: 'other',
      note: 'This looks like a repeat of an older thread about structured output. Could the two be merged?',
      created_at: new Date(now - 3 * HOUR),
    })
    .onConflict((oc) => oc.columns(['target_kind', 'target_id', 'reporter_id']).doNothing())
    .execute();
}
