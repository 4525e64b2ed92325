/**
 * Deliverable files (spec section 9: ZIP, RAR, PDF, DOC, TXT, JSON, XML, CSV; DOCX too, a
 * ZIP inside). The extension names the format; the bytes must agree: magic numbers where the
 * format has them, valid UTF-8 text (no NUL bytes) for the text formats, and JSON that parses.
 * Pure; used by the uploads service.
 */

export const DELIVERABLE_EXTENSIONS = ['zip', 'rar', 'pdf', 'doc', 'docx', 'txt', 'json', 'xml', 'csv'] as const;
export type DeliverableExtension = (typeof DELIVERABLE_EXTENSIONS)[number];
export const DELIVERABLE_FORMATS_LABEL = 'ZIP, RAR, PDF, DOC, TXT, JSON, XML, CSV';

const startsWith = (bytes: Buffer, magic: number[], at = 0) => bytes.length >= at + magic.length && magic.every((b, i) => bytes[at + i] === b);

const ZIP = (b: Buffer) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]) || startsWith(b, [0x50, 0x4b, 0x05, 0x06]);
const RAR = (b: Buffer) => startsWith(b, [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07]); // "Rar!" 1A 07 (v4 and v5)
const PDF = (b: Buffer) => b.subarray(0, 1024).includes(Buffer.from('%PDF-'));
const OLE = (b: Buffer) => startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** UTF-8 (BOM allowed) without NUL bytes: what a text deliverable must be. */
function utf8Text(bytes: Buffer): string | null {
  if (bytes.includes(0)) return null;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return text.startsWith('\uFEFF') ? text.slice(1) : text;
  } catch {
    return null;
  }
}

const CHECKS: Record<DeliverableExtension, (bytes: Buffer) => boolean> = {
  zip: ZIP,
  docx: ZIP,
  rar: RAR,
  pdf: PDF,
  doc: OLE,
  txt: (b) => utf8Text(b) !== null,
  csv: (b) => utf8Text(b) !== null,
  xml: (b) => /^\s*</.test(utf8Text(b) ?? ''),
  json: (b) => {
    const text = utf8Text(b);
    if (text === null) return false;
    try {
      JSON.parse(text);
      return true;
    } catch {
      return false;
    }
  },
};

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export function isDeliverableExtension(ext: string): ext is DeliverableExtension {
  return (DELIVERABLE_EXTENSIONS as readonly string[]).includes(ext);
}

/** Do the bytes match the format the extension names? */
export function matchesFormat(ext: DeliverableExtension, bytes: Buffer): boolean {
  return CHECKS[ext](bytes);
}

/**
 * A file name safe for a storage path and a Content-Disposition header: letters, digits,
 * dot, dash and underscore; the extension kept in lower case; at most 100 characters.
 */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const ext = extensionOf(base);
  const stem = (ext ? base.slice(0, -(ext.length + 1)) : base)
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 90);
  return `${stem || 'file'}${ext ? `.${ext}` : ''}`;
}

/** A name as it may appear in a message: no control characters, at most 120 characters. */
export function displayName(name: string): string {
  const clean = name.replace(/\p{Cc}/gu, '').trim();
  return (clean || 'file').slice(0, 120);
}
