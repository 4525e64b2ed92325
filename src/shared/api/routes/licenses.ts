/** Licence keys (docs/decisions/026): Gumroad's verify route for the creators' software, and the creator's switch per key. */
import * as z from 'zod/mini';
import { defineRoute, json, uuid } from '../contract';
import { CreatorLicenseSchema, LicenseChangeSchema, LicenseVerifyInputSchema, LicenseVerifyResultSchema } from '../../licenses';

export const verifyLicense = defineRoute({
  method: 'POST',
  path: '/api/v1/licenses/verify',
  operationId: 'verifyLicense',
  tag: 'Licence keys',
  summary: 'Verify a licence key of a product (and count a use)',
  description:
    'Works with the product id alone, as Gumroad does, or with an API key. Any key that exists answers 200: accept it only when `success` is true (a refunded, disabled or lapsed key answers `success: false` with a `message`). `uses` counts the successful checks that asked to increment it (the default). Limited to 60 checks a minute per address.',
  auth: 'public',
  scope: 'licenses:verify',
  body: json(LicenseVerifyInputSchema),
  response: json(LicenseVerifyResultSchema),
  errors: ['LICENSE_NOT_FOUND'],
  example: { body: { product_id: '0b6f5c1e-8d2a-4c39-9a57-2f1e3d4c5b6a', license_key: '38C4F1A2-9D0B47E5-A1C3F6D8-0B2E4A69', increment_uses_count: false } },
});

export const changeLicense = defineRoute({
  method: 'PATCH',
  path: '/api/me/licenses/{id}',
  operationId: 'changeLicense',
  tag: 'Licence keys',
  summary: 'Disable or re-enable a licence key of one of your products',
  auth: 'user',
  params: z.strictObject({ id: uuid() }),
  body: json(LicenseChangeSchema),
  response: json(CreatorLicenseSchema),
  errors: ['LICENSE_NOT_FOUND'],
  example: { params: { id: '7d1e2f3a-4b5c-4d6e-8f70-81a2b3c4d5e6' }, body: { disabled: true } },
});

export const licenseRoutes = [verifyLicense, changeLicense] as const;
