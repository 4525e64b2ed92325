/**
 * POST /api/profile/start-selling { company }: 'Start selling' switches the signed-in buyer or
 * community account to a creator account with its company or project name (sign-up rules:
 * 400 VALIDATION_FAILED with fields.company); answers the updated profile. Publishing then
 * still needs a verified email.
 */
import { getDb } from '@/db/database';
import { requireApiUser } from '@/functions/_shared/auth-guard';
import { handle, json, readJsonBody } from '@/functions/_shared/http';
import { becomeCreator } from '@/functions/profiles/profile-page.service';

export const POST = handle(async (context) => {
  const user = requireApiUser(context);
  const body: unknown = await readJsonBody(context.request);
  return json(await becomeCreator(await getDb(), user.id, body));
});
