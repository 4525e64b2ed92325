/**
 * POST /api/profile/start-selling { company }: 'Start selling' switches the signed-in buyer or
 * community account to a creator account with its company or project name (sign-up rules:
 * 400 VALIDATION_FAILED with fields.company); answers the updated profile. Publishing then
 * still needs a verified email.
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { becomeCreator } from '@/functions/profiles/profile-page.service';
import { startSelling } from '@/src/shared/api/routes/profile';

export const POST = endpoint(startSelling, async ({ user, body }) => becomeCreator(await getDb(), user.id, body));
