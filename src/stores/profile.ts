/**
 * The figures of the profile on screen that several islands change: the follower count (the
 * Follow button) and the seller rating (the reviews). The stats island shows them. null
 * means "as the server rendered it", so the first client render matches the HTML.
 */
import { atom } from 'nanostores';

export const $profileFollowers = atom<number | null>(null);
export const $sellerRating = atom<{ averageRating: number; reviewCount: number } | null>(null);

/** The signed-in user's own profile details on /profile, after an edit (null: as rendered). */
export const $ownProfile = atom<{
  fullName: string;
  company: string | null;
  location: string | null;
  website: string | null;
  bio: string | null;
} | null>(null);
