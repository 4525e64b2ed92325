/**
 * Every email toolmint sends, as React components rendered by @react-email/render into an HTML
 * part and a plain-text part (docs/decisions/041 and 044): the notifications and digests of
 * functions/email, and the transactional emails (functions/email/transactional.ts: account
 * emails, receipts, tool and review-queue notices). The site's colours and wordmark, absolute
 * links only, no images and no tracking pixels. One layout: a heading, paragraphs, optional
 * cards (an update, a product) in sections, one button, smaller closing paragraphs, and a
 * footer that says why the email came and, for a notification, links to the settings and to
 * the unsubscribe page; a transactional email says it cannot be unsubscribed from.
 */
// Each component from its own package: @react-email/components re-exports them all, and loading
// it also loads Prism's grammars, Tailwind and Markdown, which no email of ours uses.
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';

const C = {
  bg: '#fbfaff',
  surface: '#ffffff',
  border: '#e4e0f0',
  text: '#17132b',
  muted: '#5b5670',
  accent: '#5b3fd6',
  accentSoft: '#ece7ff',
  danger: '#c2264b',
};
const font = "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export interface EmailCard {
  title: string;
  url: string;
  /** A small line above the title: 'Security · Claude', 'New product · Ada Lovelace'. */
  eyebrow?: string;
  text?: string;
  /** Shown in red (a security update). */
  urgent?: boolean;
}

export interface EmailSection {
  title: string;
  cards: EmailCard[];
}

export interface EmailContent {
  subject: string;
  /** The inbox preview line. */
  preview: string;
  heading: string;
  paragraphs: string[];
  /**
   * Sanitized HTML shown after the paragraphs: a creator's Markdown as functions/_shared/markdown.ts
   * renders it, with absolute links (docs/decisions/078). Never anything else.
   */
  html?: string;
  sections?: EmailSection[];
  action?: { label: string; url: string } | null;
  /** Smaller paragraphs after the button: how long a link works, what to do if it was not you. */
  closing?: string[];
}

export type EmailFooter =
  { kind: 'notification'; reason: string; settingsUrl: string; unsubscribeUrl: string; unsubscribeLabel: string } | { kind: 'transactional'; reason: string };

function Card({ card }: { card: EmailCard }) {
  return (
    <Section style={{ border: `1px solid ${C.border}`, borderRadius: '10px', padding: '14px 16px', margin: '0 0 12px' }}>
      {card.eyebrow ? (
        <Text
          style={{
            margin: '0 0 4px',
            fontSize: '12px',
            fontWeight: 700,
            color: card.urgent ? C.danger : C.muted,
            textTransform: 'uppercase',
            letterSpacing: '0.04em',
          }}
        >
          {card.eyebrow}
        </Text>
      ) : null}
      <Text style={{ margin: 0, fontSize: '16px', fontWeight: 700 }}>
        <Link href={card.url} style={{ color: C.text, textDecoration: 'none' }}>
          {card.title}
        </Link>
      </Text>
      {card.text ? <Text style={{ margin: '6px 0 0', fontSize: '14px', color: C.muted, lineHeight: '20px' }}>{card.text}</Text> : null}
      <Text style={{ margin: '6px 0 0', fontSize: '13px' }}>
        <Link href={card.url} style={{ color: C.accent }}>
          {card.url}
        </Link>
      </Text>
    </Section>
  );
}

export function ToolmintEmail({ content, footer }: { content: EmailContent; footer: EmailFooter }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{content.preview}</Preview>
      <Body style={{ margin: 0, padding: '24px 12px', backgroundColor: C.bg, fontFamily: font, color: C.text }}>
        <Container style={{ maxWidth: '560px', backgroundColor: C.surface, border: `1px solid ${C.border}`, borderRadius: '14px', padding: '28px' }}>
          <Text style={{ fontSize: '20px', fontWeight: 800, margin: '0 0 20px', color: C.accent }}>✦ toolmint</Text>
          <Heading as="h1" style={{ fontSize: '22px', lineHeight: '28px', margin: '0 0 12px' }}>
            {content.heading}
          </Heading>
          {content.paragraphs.map((p, i) => (
            <Text key={i} style={{ fontSize: '15px', lineHeight: '22px', margin: '0 0 12px' }}>
              {p}
            </Text>
          ))}
          {content.html ? (
            <Section style={{ fontSize: '15px', lineHeight: '22px', margin: '0 0 12px' }}>
              <div dangerouslySetInnerHTML={{ __html: content.html }} />
            </Section>
          ) : null}
          {(content.sections ?? []).map((section) => (
            <Section key={section.title} style={{ margin: '20px 0 0' }}>
              <Heading as="h2" style={{ fontSize: '16px', margin: '0 0 10px' }}>
                {section.title}
              </Heading>
              {section.cards.map((card) => (
                <Card key={card.url + card.title} card={card} />
              ))}
            </Section>
          ))}
          {content.action ? (
            <Section style={{ margin: '24px 0 8px' }}>
              <Button
                href={content.action.url}
                style={{ backgroundColor: C.accent, color: '#ffffff', padding: '12px 20px', borderRadius: '999px', fontWeight: 600, fontSize: '15px' }}
              >
                {content.action.label}
              </Button>
              <Text style={{ fontSize: '13px', color: C.muted, margin: '10px 0 0' }}>
                Or open this link:{' '}
                <Link href={content.action.url} style={{ color: C.accent, wordBreak: 'break-all' }}>
                  {content.action.url}
                </Link>
              </Text>
            </Section>
          ) : null}
          {(content.closing ?? []).map((p, i) => (
            <Text key={`closing-${i}`} style={{ fontSize: '14px', lineHeight: '20px', color: C.muted, margin: '0 0 10px' }}>
              {p}
            </Text>
          ))}
          <Hr style={{ borderColor: C.border, margin: '24px 0 16px' }} />
          <Text style={{ fontSize: '13px', color: C.muted, margin: '0 0 8px' }}>{footer.reason}</Text>
          {footer.kind === 'notification' ? (
            <>
              <Text style={{ fontSize: '13px', color: C.muted, margin: '0 0 8px' }}>
                Choose what toolmint emails you:{' '}
                <Link href={footer.settingsUrl} style={{ color: C.accent }}>
                  {footer.settingsUrl}
                </Link>
              </Text>
              <Text style={{ fontSize: '13px', color: C.muted, margin: 0 }}>
                Unsubscribe from {footer.unsubscribeLabel}:{' '}
                <Link href={footer.unsubscribeUrl} style={{ color: C.accent }}>
                  {footer.unsubscribeUrl}
                </Link>
              </Text>
            </>
          ) : (
            <Text style={{ fontSize: '13px', color: C.muted, margin: 0 }}>
              This is a transactional email: it is sent whatever your notification settings, and it cannot be unsubscribed from.
            </Text>
          )}
        </Container>
      </Body>
    </Html>
  );
}
