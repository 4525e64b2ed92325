/**
 * Onboarding rules: completion or skip is stored on the profile, so it follows the user to
 * another browser; specialties and bio are creators' only. Called by
 * src/pages/api/profile/onboarding.ts with the signed-in user.
 */
import type { Db } from '@/db/database';
import type { SessionUser } from '@/src/shared/session';
import type { Onboarding, OnboardingInput } from '@/src/shared/api/schemas/profile';
import { AppError } from '../_shared/errors';
import { findOnboarding, updateOnboarding, type OnboardingRow } from './profiles.repository';

function toOnboarding(row: OnboardingRow): Onboarding {
  return { status: row.onboarding_status, interests: row.interests, specialties: row.specialties, bio: row.bio };
}

export async function getOnboarding(db: Db, user: SessionUser): Promise<Onboarding> {
  const row = await findOnboarding(db, user.id);
  if (!row) throw new AppError('PROFILE_NOT_FOUND');
  return toOnboarding(row);
}

/** `parsed` is OnboardingInputSchema's output (the route parsed it). */
export async function saveOnboarding(db: Db, user: SessionUser, parsed: OnboardingInput): Promise<Onboarding> {
  const current = await findOnboarding(db, user.id);
  if (!current) throw new AppError('PROFILE_NOT_FOUND');
  const row =
    parsed.action === 'skip'
      ? await updateOnboarding(db, user.id, { status: 'skipped' })
      : await updateOnboarding(db, user.id, {
          status: 'completed',
          interests: parsed.interests,
          // Specialties and bio describe a seller; other types do not have them.
          ...(current.user_type === 'creator' ? { specialties: parsed.specialties, bio: parsed.bio || null } : {}),
        });
  if (!row) throw new AppError('PROFILE_NOT_FOUND');
  return toOnboarding(row);
}
