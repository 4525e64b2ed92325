/**
 * The bridge between our rules and the form library (docs/decisions/019): the zod schemas
 * built from the shared validators give react-hook-form's zod resolver exactly the spec's
 * messages, keyed and nested by field path, and the cleaned value when valid; the error list
 * the summary and the editor's focus read keeps the rules' order.
 */
import { describe, expect, it } from 'vitest';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, ResolverOptions } from 'react-hook-form';
import { rulesSchema } from '@/src/shared/form-schema';
import { ReviewInputSchema } from '@/src/shared/api/schemas/profile';
import { LoginFormSchema, ResetFormSchema, SignupFormSchema, type SignupFormValues } from '@/src/components/auth/form-schemas';
import { EditorFormSchema } from '@/src/components/studio/use-product-form';
import { defaultValues, type EditorValues } from '@/src/components/studio/editor-state';
import { errorAt, errorList } from '@/src/components/ui/form-state';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FieldValues>;

/** The resolver react-hook-form would call, on a whole form's values. */
async function resolve<T extends FieldValues>(schema: unknown, values: T) {
  const resolver = zodResolver(schema as never) as unknown as (
    v: T,
    c: unknown,
    o: ResolverOptions<FieldValues>,
  ) => Promise<{ values: unknown; errors: FieldErrors }>;
  return resolver(values, undefined, options);
}

describe('rulesSchema', () => {
  it("reports the rules' messages as field errors, in the rules' order", async () => {
    const { errors, values } = await resolve(LoginFormSchema, { email: '', password: '' });
    expect(values).toEqual({});
    expect(errorList(errors)).toEqual([
      ['email', 'Email is required'],
      ['password', 'Password is required'],
    ]);
  });

  it('passes valid values through unchanged', async () => {
    const { errors, values } = await resolve(LoginFormSchema, { email: 'ada@example.com', password: 'x' });
    expect(errors).toEqual({});
    expect(values).toEqual({ email: 'ada@example.com', password: 'x' });
  });

  it('checks the confirmation against the password (reset)', async () => {
    const { errors } = await resolve(ResetFormSchema, { password: 'Str0ng!pass', confirmPassword: 'Str0ng!pas' });
    expect(errorList(errors)).toEqual([['confirmPassword', 'Passwords do not match']]);
  });

  it('checks the final step only once a type is chosen, and the company for creators', async () => {
    const account = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'Str0ng!pass', confirmPassword: 'Str0ng!pass' };
    const base: SignupFormValues = { ...account, userType: '', company: '', terms: false };
    expect((await resolve(SignupFormSchema, base)).errors).toEqual({});
    expect(errorList((await resolve(SignupFormSchema, { ...base, userType: 'creator' })).errors)).toEqual([
      ['company', 'Company or project name is required for creators'],
      ['terms', 'You must accept the terms and conditions to continue'],
    ]);
    expect(errorList((await resolve(SignupFormSchema, { ...base, userType: 'buyer', terms: true })).errors)).toEqual([]);
  });

  it("nests the editor's field paths (demo_links.0.url) and keeps validateForm's messages", async () => {
    const values: EditorValues = {
      ...defaultValues(),
      title: 'Short',
      description: 'Turns receipts into invoices. Use it to save hours of admin every month.',
      demo_links: [{ id: '1', type: 'live_demo', url: '', title: 'Walkthrough', description: '' }],
    };
    const { errors } = await resolve(EditorFormSchema, values);
    expect(errorList(errors)).toEqual([
      ['title', 'Title must be at least 10 characters'],
      ['content_delivery_type', 'Choose how buyers receive the product'],
      ['demo_links.0.url', 'URL is required'],
    ]);
    expect(errorAt(errors, 'demo_links.0.url')).toBe('URL is required');
    expect(errorAt(errors, 'demo_links.0.title')).toBeUndefined();
  });

  it('works with any rule function', async () => {
    const schema = rulesSchema<{ a: string }>((v) => ({ a: v.a ? null : 'A is required', 'b.c': undefined }));
    expect(errorList((await resolve(schema, { a: '' })).errors)).toEqual([['a', 'A is required']]);
  });
});

describe("a form on its API route's schema", () => {
  const ReviewSchema = ReviewInputSchema;

  it('gives the cleaned value the server accepts', async () => {
    const { errors, values } = await resolve(ReviewSchema, { rating: 4, text: '  Quick and helpful.  ' });
    expect(errors).toEqual({});
    expect(values).toEqual({ rating: 4, text: 'Quick and helpful.' });
  });

  it('reports the field messages otherwise', async () => {
    const { errors } = await resolve(ReviewSchema, { rating: 0, text: '' });
    expect(errorList(errors)).toEqual([
      ['rating', 'Choose a rating from 1 to 5 stars'],
      ['text', 'Write a few words about your experience'],
    ]);
  });
});
