/**
 * Onboarding rules: completion or skip is stored on the profile, so it follows the user to
 * another browser; specialties and bio are creators' only. Called by
 * src/pages/api/profile/onboarding.ts with the signed-in user. Also whether an account is an
 * admin (tool updates and the admin order list ask).
 */
import { z } from 'zod';
import { safeText } from '../_shared/safe-text';
import type { Db } from '@/db/database';
import type { SessionUser } from '@/src/shared/session';
import type { OnboardingStatus } from '@/src/shared/domain';
import { BIO_MAX_LENGTH, INTEREST_IDS, MAX_SPECIALTIES, SPECIALTY_MAX_LENGTH } from '@/src/shared/onboarding';
import { AppError } from '../_shared/errors';
import { findOnboarding, findRole, updateOnboarding, type OnboardingRow } from './profiles.repository';

export async function isAdmin(db: Db, userId: string): Promise<boolean> {
  return (await findRole(db, userId)) === 'admin';
}

export interface Onboarding {
  status: OnboardingStatus;
  interests: string[];
  specialties: string[];
  bio: string | null;
}

const unique = (values: string[]) => [...new Map(values.map((v) => [v.toLowerCase(), v])).values()];

export const OnboardingInputSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('skip') }),
  z.object({
    action: z.literal('complete'),
    interests: z
      .array(z.string().refine((id) => INTEREST_IDS.includes(id), 'Unknown interest'))
      .max(INTEREST_IDS.length)
      .default([])
      .transform(unique),
    specialties: z
      .array(
        safeText()
          .trim()
          .min(2, 'A specialty needs at least 2 characters')
          .max(SPECIALTY_MAX_LENGTH, `A specialty has at most ${SPECIALTY_MAX_LENGTH} characters`),
      )
      .max(MAX_SPECIALTIES, `Choose at most ${MAX_SPECIALTIES} specialties`)
      .default([])
      .transform(unique),
    bio: safeText().trim().max(BIO_MAX_LENGTH, `The bio has at most ${BIO_MAX_LENGTH} characters`).default(''),
  }),
]);
export type OnboardingInput = z.input<typeof OnboardingInputSchema>;

function toOnboarding(row: OnboardingRow): Onboarding {
  return { status: row.onboarding_status, interests: row.interests, specialties: row.specialties, bio: row.bio };
}

export async function getOnboarding(db: Db, user: SessionUser): Promise<Onboarding> {
  const row = await findOnboarding(db, user.id);
  if (!row) throw new AppError('PROFILE_NOT_FOUND');
  return toOnboarding(row);
}

export async function saveOnboarding(db: Db, user: SessionUser, input: unknown): Promise<Onboarding> {
  const parsed = OnboardingInputSchema.parse(input);
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
