/**
 * POST /api/v1/licenses/verify { product_id, license_key, increment_uses_count? }: Gumroad's
 * licence verification (functions/licenses/licenses.service.ts, docs/decisions/026). As with
 * Gumroad the product id and the key are enough, so a buyer's copy of the software can call it
 * without an account; an API key scoped licenses:verify works too. A key that exists answers
 * 200 { success, uses, purchase } (`success` false, with a `message`, when it is disabled or its
 * subscription has ended); an unknown product or key 404 LICENSE_NOT_FOUND; bad input 400.
 * Limited per address (functions/_shared/rate-limit.ts, licenseVerify).
 */
import { getDb } from '@/db/database';
import { handle, json, readJsonBody } from '@/functions/_shared/http';
import { verifyLicense } from '@/functions/licenses/licenses.service';

export const POST = handle(async (context) => json(await verifyLicense(await getDb(), await readJsonBody(context.request))));
