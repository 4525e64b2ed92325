/**
 * Every profiles query of the accounts work (onboarding). Functions take `db` (or a
 * transaction) first. Other profile queries join this file as their features land.
 */
import type { Db } from '../../db/database';
import type { OnboardingStatus } from '../../src/shared/session';

export interface OnboardingRow {
  onboarding_status: OnboardingStatus;
  interests: string[];
  specialties: string[];
  bio: string | null;
  user_type: 'creator' | 'buyer' | 'community';
}

export async function findOnboarding(db: Db, userId: string): Promise<OnboardingRow | undefined> {
  return db
    .selectFrom('profiles')
    .select(['onboarding_status', 'interests', 'specialties', 'bio', 'user_type'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function updateOnboarding(
  db: Db,
  userId: string,
  values: { status: OnboardingStatus; interests?: string[]; specialties?: string[]; bio?: string | null },
): Promise<OnboardingRow | undefined> {
  return db
    .updateTable('profiles')
    .set({
      onboarding_status: values.status,
      ...(values.interests ? { interests: values.interests } : {}),
      ...(values.specialties ? { specialties: values.specialties } : {}),
      ...(values.bio !== undefined ? { bio: values.bio } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', userId)
    .returning(['onboarding_status', 'interests', 'specialties', 'bio', 'user_type'])
    .executeTakeFirst();
}
