/**
 * Reads a multipart upload with a hard cap on the bytes read, so an oversized request is
 * refused without being held in memory: a declared Content-Length over the cap is refused
 * before reading, and a body that grows past it is cut off (readBody, with the file's limit and
 * message). The text fields are parsed with the route's `multipart(fields)` schema when one is
 * given (src/shared/api/contract.ts): an unknown or invalid field is a 400 naming it. Used by
 * src/pages/api/uploads/* and the profile images.
 */
import * as z from 'zod/mini';
import { AppError } from '../_shared/errors';
import { readBody, zodFields } from '../_shared/http';
import { textProblem } from '@/src/shared/text';
import type { UploadFile } from './uploads.service';

/** Room for the multipart boundaries and the small text fields around the file. */
const FORM_OVERHEAD = 64 * 1024;

export interface ReadUpload<F = Record<string, string>> {
  file: UploadFile | null;
  fields: F;
}

export async function readUpload(request: Request, maxFileBytes: number): Promise<ReadUpload>;
export async function readUpload<S extends z.ZodMiniObject>(request: Request, maxFileBytes: number, fieldsSchema: S): Promise<ReadUpload<z.output<S>>>;
export async function readUpload(request: Request, maxFileBytes: number, fieldsSchema?: z.ZodMiniObject): Promise<ReadUpload<unknown>> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    throw new AppError('VALIDATION_FAILED', 'Send the file as multipart/form-data', { file: 'Choose a file to upload' });
  }
  const cap = maxFileBytes + FORM_OVERHEAD;
  const tooLarge = () => new AppError('FILE_TOO_LARGE', `The file is too large (max ${Math.round(maxFileBytes / (1024 * 1024))} MB)`);
  const body = await readBody(request, cap, tooLarge);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The upload could not be read', { file: 'Choose a file to upload' });
  }
  const fields: Record<string, string> = {};
  let file: UploadFile | null = null;
  for (const [key, value] of form.entries()) {
    // The shared text rule (src/shared/text.ts) for the text fields and the file's name.
    const problem = textProblem(typeof value === 'string' ? value : value.name);
    if (problem) throw new AppError('VALIDATION_FAILED', problem, { [typeof value === 'string' ? key : 'file']: problem });
    if (typeof value === 'string') fields[key] = value;
    else if (key === 'file' && !file) file = { name: value.name || 'file', bytes: Buffer.from(await value.arrayBuffer()) };
  }
  if (!fieldsSchema) return { file, fields };
  const parsed = fieldsSchema.safeParse(fields);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', undefined, zodFields(parsed.error));
  return { file, fields: parsed.data };
}
