/**
 * What /settings/account's own routes take and answer (issue 15, docs/decisions/032): the
 * handle, the session list and the data export. Password, email, 'sign out other sessions'
 * and deletion are better-auth's endpoints under /api/auth, outside this contract.
 */
import * as z from 'zod/mini';
import { HANDLE_MESSAGES, handleProblem, normalizeHandle } from '../../handles';
import { strictObject, userText } from './fields';

export const HandleInputSchema = strictObject({
  handle: userText((value) => handleProblem(normalizeHandle(value)), { required: HANDLE_MESSAGES.required }),
});

export const HandleViewSchema = z.object({ handle: z.string() });

export const SessionViewSchema = z.object({
  id: z.string(),
  /** The session this request was made with. */
  current: z.boolean(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  expiresAt: z.string(),
  ipAddress: z.nullable(z.string()),
  userAgent: z.nullable(z.string()),
});
export type SessionView = z.output<typeof SessionViewSchema>;

const rows = z.array(z.record(z.string(), z.unknown()));

/** The JSON of 'Download my data': the caller's own rows, one key per kind. */
export const AccountExportSchema = z.object({
  format: z.literal('toolmint-account-export/1'),
  exportedAt: z.string(),
  profile: z.record(z.string(), z.unknown()),
  products: rows,
  orders: rows,
  downloads: rows,
  favorites: rows,
  follows: z.object({ people: rows, tools: rows }),
  /** By kind: `seller` (reviews of sellers) and `product` (reviews of products). */
  reviews: z.record(z.string(), rows),
});
export type AccountExport = z.output<typeof AccountExportSchema>;
