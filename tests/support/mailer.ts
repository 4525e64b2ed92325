/**
 * A Mailer that keeps what it sends in memory, so a test can read the link an email carries
 * (reset, verification) the way a person would. Email is the one outside service the tests
 * stand in for; everything the link leads to is the real auth.
 */
import type { MailMessage, Mailer } from '@/functions/_shared/mailer';

export class MemoryMailer implements Mailer {
  readonly destination = 'memory';
  readonly sent: MailMessage[] = [];

  private readonly keys = new Set<string>();

  /** As Resend and the outbox do, a message whose idempotency key was sent before is not sent again. */
  async send(message: MailMessage): Promise<void> {
    if (message.idempotencyKey) {
      if (this.keys.has(message.idempotencyKey)) return;
      this.keys.add(message.idempotencyKey);
    }
    this.sent.push(message);
  }

  /** The newest message to `email`, optionally with a subject matching `subject`. */
  lastTo(email: string, subject?: RegExp): MailMessage | undefined {
    return this.sent
      .filter((m) => m.to === email.toLowerCase() || m.to === email)
      .filter((m) => !subject || subject.test(m.subject))
      .at(-1);
  }
}

/** The first link in an email's text. */
export function linkIn(message: MailMessage | undefined): URL {
  const match = message?.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in ${message ? `"${message.subject}"` : 'a missing email'}`);
  return new URL(match[0]);
}
