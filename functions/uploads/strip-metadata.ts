/**
 * Lossless metadata stripping for the images kept as they are (spec section 9: files at or
 * below 2 MB are not compressed). Re-encoding would cost quality, so the containers are
 * edited instead: JPEG APPn/COM segments, PNG text/time/EXIF chunks, WebP EXIF/XMP chunks
 * are dropped. Colour (ICC profiles) and everything needed to decode stays.
 * Pure functions over bytes; each returns null when the container is not what it claims,
 * and the caller then re-encodes instead.
 */

const JPEG_KEEP_APP = new Set([0xe0 /* APP0 JFIF */, 0xee /* APP14 Adobe: colour transform */]);

function isIccSegment(bytes: Buffer, start: number, length: number): boolean {
  return length >= 14 && bytes.toString('latin1', start, start + 12) === 'ICC_PROFILE\0';
}

export function stripJpeg(bytes: Buffer): Buffer | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const parts: Buffer[] = [bytes.subarray(0, 2)];
  let offset = 2;
  while (offset < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1];
    if (marker === undefined) return null;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    // Standalone markers carry no length.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      parts.push(bytes.subarray(offset, offset + 2));
      offset += 2;
      continue;
    }
    if (marker === 0xd9) {
      parts.push(bytes.subarray(offset, offset + 2));
      return Buffer.concat(parts);
    }
    if (offset + 4 > bytes.length) return null;
    const length = bytes.readUInt16BE(offset + 2);
    const end = offset + 2 + length;
    if (length < 2 || end > bytes.length) return null;
    if (marker === 0xda) {
      // Start of scan: the entropy-coded data follows unchanged up to the end-of-image marker
      // (inside it every 0xFF is followed by 0x00 or a restart marker, so the first FF D9 is
      // the end). Anything after it (phone makers' trailers, embedded videos) is dropped.
      const eoi = bytes.indexOf(Buffer.from([0xff, 0xd9]), end);
      if (eoi < 0) return null;
      parts.push(bytes.subarray(offset, eoi + 2));
      return Buffer.concat(parts);
    }
    const isApp = marker >= 0xe0 && marker <= 0xef;
    const drop = marker === 0xfe || (isApp && !JPEG_KEEP_APP.has(marker) && !(marker === 0xe2 && isIccSegment(bytes, offset + 4, length - 2)));
    if (!drop) parts.push(bytes.subarray(offset, end));
    offset = end;
  }
  return null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_DROP = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

export function stripPng(bytes: Buffer): Buffer | null {
  if (bytes.length < 8 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  const parts: Buffer[] = [PNG_SIGNATURE];
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (end > bytes.length) return null;
    if (!PNG_DROP.has(type)) parts.push(bytes.subarray(offset, end));
    offset = end;
    if (type === 'IEND') return Buffer.concat(parts);
  }
  return null;
}

export function stripWebp(bytes: Buffer): Buffer | null {
  if (bytes.length < 12 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP') return null;
  const chunks: Buffer[] = [];
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const fourcc = bytes.toString('latin1', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    const end = offset + 8 + size + (size % 2);
    if (offset + 8 + size > bytes.length) return null;
    const chunk = Buffer.from(bytes.subarray(offset, Math.min(end, bytes.length)));
    if (fourcc === 'VP8X' && size >= 1) {
      chunk[8] = (chunk[8] ?? 0) & ~(0x08 | 0x04); // clear the EXIF and XMP flags
    }
    if (fourcc !== 'EXIF' && fourcc !== 'XMP ') chunks.push(chunk);
    offset = end;
  }
  const body = Buffer.concat(chunks);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(body.length + 4, 4);
  header.write('WEBP', 8, 'latin1');
  return Buffer.concat([header, body]);
}
