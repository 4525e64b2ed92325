/**
 * The server-side image pipeline of spec section 9, with sharp. Called by the uploads
 * service for every product image; decides from the bytes alone (never the name or the
 * Content-Type) whether a file is an image.
 *
 * 1. sharp reads the header: not decodable -> 'File {name} is not an image'. SVG (a document
 *    that can carry scripts) is refused too.
 * 2. More than MAX_INPUT_PIXELS -> refused before decoding anything (decompression bombs);
 *    sharp's limitInputPixels guards every decode as well.
 * 3. At or below 2 MB, JPEG/PNG/WebP, upright: kept as is, its metadata stripped losslessly
 *    (strip-metadata.ts), and fully decoded once to prove it is not truncated or corrupt.
 * 4. Otherwise: auto-oriented, converted to sRGB, longest side at most 1920 px, encoded at
 *    quality 0.8 (JPEG stays JPEG, everything else becomes WebP), quality x0.95 up to 10
 *    times until it fits 2 MB; then the fallback, 1 MB from quality 0.6; then 'Image
 *    compression failed. Please try a different image.' sharp writes no metadata by default.
 */
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { AppError } from '../_shared/errors';
import { stripJpeg, stripPng, stripWebp } from './strip-metadata';

const MAX_INPUT_PIXELS = 40_000_000;
const KEEP_MAX_BYTES = 2 * 1024 * 1024;
const MAX_SIDE = 1920;
const COMPRESSION_STEPS = [
  { maxBytes: 2 * 1024 * 1024, quality: 0.8 },
  { maxBytes: 1 * 1024 * 1024, quality: 0.6 },
] as const;
const MAX_ITERATIONS = 10;
const QUALITY_FACTOR = 0.95;

const DECODABLE = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
const KEEPABLE: Record<string, { ext: string; contentType: string; strip: (b: Buffer) => Buffer | null }> = {
  jpeg: { ext: 'jpg', contentType: 'image/jpeg', strip: stripJpeg },
  png: { ext: 'png', contentType: 'image/png', strip: stripPng },
  webp: { ext: 'webp', contentType: 'image/webp', strip: stripWebp },
};

export interface ProcessedImage {
  body: Buffer;
  ext: string;
  contentType: string;
  width: number;
  height: number;
  originalSize: number;
  size: number;
  /** False when the file was kept as is (only its metadata removed). */
  compressed: boolean;
}

const input = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' } as const;

function notAnImage(name: string): AppError {
  return new AppError('NOT_AN_IMAGE', `File ${name} is not an image`);
}

/** The spec's limits; tests pass tighter ones to reach the failure path. */
export interface PipelineLimits {
  steps: readonly { maxBytes: number; quality: number }[];
  keepMaxBytes: number;
}
const SPEC_LIMITS: PipelineLimits = { steps: COMPRESSION_STEPS, keepMaxBytes: KEEP_MAX_BYTES };

export async function processImage(bytes: Buffer, name: string, limits: PipelineLimits = SPEC_LIMITS): Promise<ProcessedImage> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage(name);
  }
  const format = meta.format as string | undefined;
  if (!format || !DECODABLE.has(format) || !meta.width || !meta.height) {
    throw new AppError('NOT_AN_IMAGE', format === 'svg' ? `File ${name} is not a supported image (use JPG, PNG or WebP)` : `File ${name} is not an image`);
  }
  const pixels = meta.width * (meta.pageHeight ?? meta.height);
  if (pixels > MAX_INPUT_PIXELS) {
    throw new AppError(
      'IMAGE_TOO_MANY_PIXELS',
      `Image ${name} is ${meta.width} x ${meta.height} pixels; the limit is ${MAX_INPUT_PIXELS / 1_000_000} megapixels`,
    );
  }

  const keep = KEEPABLE[format];
  const upright = !meta.orientation || meta.orientation === 1;
  if (keep && upright && bytes.length <= limits.keepMaxBytes) {
    const stripped = keep.strip(bytes);
    if (stripped) {
      await assertDecodes(stripped, name);
      return {
        body: stripped,
        ext: keep.ext,
        contentType: keep.contentType,
        width: meta.width,
        height: meta.pageHeight ?? meta.height,
        originalSize: bytes.length,
        size: stripped.length,
        compressed: false,
      };
    }
  }
  return compress(bytes, name, format === 'jpeg' ? 'jpeg' : 'webp', limits.steps);
}

async function assertDecodes(bytes: Buffer, name: string): Promise<void> {
  try {
    await sharp(bytes, input).resize(32, 32, { fit: 'inside' }).raw().toBuffer();
  } catch {
    throw notAnImage(name);
  }
}

async function compress(bytes: Buffer, name: string, out: 'jpeg' | 'webp', steps: PipelineLimits['steps']): Promise<ProcessedImage> {
  // Decode, orient and resize once; every quality attempt re-encodes the same pixels.
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    pixels = await sharp(bytes, input)
      .rotate()
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message))
      throw new AppError('IMAGE_TOO_MANY_PIXELS', `Image ${name} is too large; the limit is ${MAX_INPUT_PIXELS / 1_000_000} megapixels`);
    throw notAnImage(name);
  }
  const { data, info } = pixels;
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  for (const step of steps) {
    let quality = step.quality;
    for (let i = 0; i < MAX_ITERATIONS; i++) {
      const q = Math.max(1, Math.round(quality * 100));
      const encoder = sharp(data, raw);
      const body = out === 'jpeg' ? await encoder.jpeg({ quality: q, mozjpeg: true }).toBuffer() : await encoder.webp({ quality: q, effort: 4 }).toBuffer();
      if (body.length <= step.maxBytes) {
        return {
          body,
          ext: out === 'jpeg' ? 'jpg' : 'webp',
          contentType: out === 'jpeg' ? 'image/jpeg' : 'image/webp',
          width: info.width,
          height: info.height,
          originalSize: bytes.length,
          size: body.length,
          compressed: true,
        };
      }
      quality *= QUALITY_FACTOR;
    }
  }
  throw new AppError('IMAGE_COMPRESSION_FAILED');
}
