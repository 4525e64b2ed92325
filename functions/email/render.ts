/**
 * Renders ToolmintEmail into the two parts of a MailMessage (docs/decisions/041): the HTML
 * part and a plain-text part made from the same React tree by @react-email/render.
 */
import { createElement } from 'react';
import { render } from '@react-email/render';
import { ToolmintEmail, type EmailContent, type EmailFooter } from './templates/email';

export async function renderEmail(content: EmailContent, footer: EmailFooter): Promise<{ subject: string; html: string; text: string }> {
  const element = createElement(ToolmintEmail, { content, footer });
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: content.subject, html, text };
}
