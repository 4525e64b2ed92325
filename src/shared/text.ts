/**
 * The one rule for user text, shared by every schema and validator of user input (zod schemas
 * in src/shared and functions/, the hand-written form validators, better-auth's field
 * validators, search parameters) and by the islands that check as the user types.
 *
 * Text may hold any printable character, tabs and line breaks. Refused:
 * - control characters other than tab and newline (C0, DEL and C1): PostgreSQL refuses NUL
 *   (0x00) in text and jsonb, and the others are never typed by a person;
 * - unpaired UTF-16 surrogates: jsonb refuses them (a lone "\ud800" escape), and they are
 *   never the text of a real keyboard either.
 * Line ends are normalised first: \r\n and a lone \r become \n.
 *
 * The zod side is `zod/mini` (docs/decisions/022): `textChecks()` is the rule as zod checks,
 * which a string schema of either zod flavour takes; `safeText()` is the mini string the
 * shared schemas build on, and functions/_shared/safe-text.ts the classic one the server's own
 * schemas chain `.trim().max()` on. Islands that import only the plain functions do not
 * bundle zod (it is tree-shaken).
 */
import * as z from 'zod/mini';

export const TEXT_MESSAGES = {
  controlCharacters: 'Remove control characters: only tabs and line breaks are allowed',
  invalidCharacters: 'This text contains characters that are not allowed',
  notText: 'Must be text',
} as const;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export function normalizeLineEnds(value: string): string {
  return value.includes('\r') ? value.replace(/\r\n?/g, '\n') : value;
}

/** Why a text is refused (after normalizeLineEnds), or null when it is fine. */
export function textProblem(value: string): string | null {
  if (CONTROL_CHARACTER.test(normalizeLineEnds(value))) return TEXT_MESSAGES.controlCharacters;
  if (!value.isWellFormed()) return TEXT_MESSAGES.invalidCharacters;
  return null;
}

/** The rule as zod checks, in order: line ends normalised, then refused with the rule's message. */
export function textChecks() {
  return [
    z.overwrite(normalizeLineEnds),
    z.superRefine((value: string, ctx) => {
      const problem = textProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  ] as const;
}

/** A string of user text (zod/mini): add `.check(z.trim(), z.minLength(), z.maxLength())` as needed. */
export function safeText(options: { error?: string } = {}) {
  return z.string(options.error ? { error: options.error } : undefined).check(...textChecks());
}

/**
 * A field read by a hand-written validator (profile, review, tool update): absent or null is
 * empty (the forms send null for an empty optional field), text is normalised and trimmed, and
 * anything else (a number, an object) is a problem, never silently read as empty.
 */
export function readTextField(value: unknown): { text: string; problem: string | null } {
  if (value === undefined || value === null) return { text: '', problem: null };
  if (typeof value !== 'string') return { text: '', problem: TEXT_MESSAGES.notText };
  const text = normalizeLineEnds(value).trim();
  return { text, problem: textProblem(text) };
}
