/**
 * Outgoing email. Two implementations behind one interface:
 * - default: an outbox folder, DATA_DIR/outbox, one RFC 5322 `.eml` file per message, so a
 *   developer (and the e2e tests) can open what would have been sent;
 * - RESEND_API_KEY set: the Resend HTTP API (https://resend.com/docs/api-reference/emails/send-email).
 * Both carry a message's custom headers (List-Unsubscribe...) and honour its idempotency key.
 * Called through getMailer() by one sender: the 'email.deliver' job of the outbox, which every
 * email goes through (functions/email/outbox.ts, docs/decisions/059); tests install one
 * process-wide with setMailer().
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { getEnv, type Env } from '@/env';
import { describeGaps, EMAIL_GAP } from './deploy-check';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) of a notification
   * email (functions/email). Names are plain header names; values are ASCII.
   */
  headers?: Record<string, string>;
  /**
   * Sends the message at most once per key: Resend's Idempotency-Key (kept 24 hours by Resend),
   * and the outbox file's name (a second send with the same key leaves the first file alone).
   * The 'email.deliver' job passes the email_messages id.
   */
  idempotencyKey?: string;
}

export interface Mailer {
  /** Where messages go, for logs: a folder or a provider name. */
  readonly destination: string;
  send(message: MailMessage): Promise<void>;
}

/** RFC 2047 encoded-word for a header that is not plain ASCII. */
function encodeHeader(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/** A custom header's name: letters, digits and dashes only (no header injection). */
function headerName(name: string): string {
  if (!/^[A-Za-z0-9-]+$/.test(name)) throw new Error(`Not a header name: ${name}`);
  return name;
}

/** A custom header's value on one line (no CR/LF: no header injection). */
function headerValue(value: string): string {
  return encodeHeader(value.replace(/[\r\n]+/g, ' '));
}

/** The headers of an .eml written by formatEml, lower-cased names (tests and tooling). */
export function readEmlHeaders(eml: string): Record<string, string> {
  const head = eml.split('\r\n\r\n')[0] ?? '';
  return Object.fromEntries(
    head.split('\r\n').flatMap((line) => {
      const at = line.indexOf(':');
      return at > 0 ? [[line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()]] : [];
    }),
  );
}

/** Reads the HTML part back out of an .eml written by formatEml (tests and tooling). */
export function readEmlHtml(eml: string): string {
  const part = eml.split(/\r\n--toolmint-[^\r\n]+\r\n/).find((p) => p.startsWith('Content-Type: text/html'));
  const body = part?.split('\r\n\r\n')[1] ?? '';
  return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
}

function base64Lines(value: string): string {
  return Buffer.from(value, 'utf8')
    .toString('base64')
    .replace(/.{1,76}/g, '$&\r\n');
}

/** A multipart/alternative message (text and HTML), both parts base64 so any byte is safe. */
export function formatEml(message: MailMessage, from: string, date = new Date()): string {
  const boundary = `toolmint-${randomUUID()}`;
  const domain = from.match(/@([^>\s]+)/)?.[1] ?? 'toolmint.local';
  return [
    `From: ${encodeHeader(from)}`,
    `To: ${message.to}`,
    `Subject: ${encodeHeader(message.subject)}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: <${message.idempotencyKey ?? randomUUID()}@${domain}>`,
    ...Object.entries(message.headers ?? {}).map(([name, value]) => `${headerName(name)}: ${headerValue(value)}`),
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(message.text),
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(message.html),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/** Reads the text part back out of an .eml written by formatEml (tests and tooling). */
export function readEmlText(eml: string): string {
  const part = eml.split(/\r\n--toolmint-[^\r\n]+\r\n/).find((p) => p.startsWith('Content-Type: text/plain'));
  const body = part?.split('\r\n\r\n')[1] ?? '';
  return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
}

export class OutboxMailer implements Mailer {
  constructor(
    readonly destination: string,
    private readonly from: string,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await fs.mkdir(this.destination, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const recipient = message.to.toLowerCase().replace(/[^a-z0-9@._-]/g, '_');
    if (message.idempotencyKey) {
      // One file per key, whatever the time: a second send of the same message writes nothing.
      const key = message.idempotencyKey.replace(/[^A-Za-z0-9_-]/g, '_');
      const existing = (await fs.readdir(this.destination)).find((name) => name.endsWith(`-${key}.eml`));
      if (existing) return;
      const file = path.join(this.destination, `${stamp}-${recipient}-${key}.eml`);
      await fs.writeFile(file, formatEml(message, this.from), { encoding: 'utf8', flag: 'wx' });
      return;
    }
    const file = path.join(this.destination, `${stamp}-${recipient}-${randomUUID().slice(0, 8)}.eml`);
    await fs.writeFile(file, formatEml(message, this.from), 'utf8');
  }
}

class ResendMailer implements Mailer {
  readonly destination = 'Resend';

  constructor(
    private readonly apiKey: string,
    private readonly from: string,
    private readonly endpoint = 'https://api.resend.com/emails',
  ) {}

  async send(message: MailMessage): Promise<void> {
    const response = await fetch(this.endpoint, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${this.apiKey}`,
        'content-type': 'application/json',
        ...(message.idempotencyKey ? { 'idempotency-key': message.idempotencyKey } : {}),
      },
      body: JSON.stringify({
        from: this.from,
        to: [message.to],
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.headers && Object.keys(message.headers).length ? { headers: message.headers } : {}),
      }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) {
      const detail = await response.text().catch(() => '');
      throw new Error(`Resend refused the email (${response.status}): ${detail.slice(0, 200)}`);
    }
  }
}

function createMailer(env: Env = getEnv()): Mailer {
  if (env.RESEND_API_KEY) return new ResendMailer(env.RESEND_API_KEY, env.MAIL_FROM);
  // On Vercel the outbox is a function's temporary disk: say so in the function's log too.
  if (process.env['VERCEL']) console.warn(describeGaps([{ setting: 'RESEND_API_KEY', consequence: EMAIL_GAP }])[0]);
  return new OutboxMailer(path.resolve(env.DATA_DIR, 'outbox'), env.MAIL_FROM);
}

let cached: Mailer | undefined;

export function getMailer(): Mailer {
  cached ??= createMailer();
  return cached;
}

/** Replaces the process-wide mailer (integration tests read the emails they cause). */
export function setMailer(mailer: Mailer | undefined): void {
  cached = mailer;
}
