/**
 * Follow / Following on another user's profile (spec sections 2, 6 and 8). Visitors get a
 * link to log in and come back. Toasts: 'Following', 'Unfollowed'; failures 'Error' with
 * 'Failed to follow creator' / 'Failed to unfollow creator', or the network's message when
 * the request itself failed. The follower count on the page follows the server's answer.
 */
import { useState } from 'react';
import { api } from '@/src/shared/api/client';
import { toast } from '@/src/stores/toasts';
import { $profileFollowers } from '@/src/stores/profile';
import { useApiMutation } from '../hooks/use-api';

interface Props {
  userId: string;
  name: string;
  initialFollowing: boolean;
  signedIn: boolean;
  loginHref: string;
}

export default function FollowCreatorButton({ userId, name, initialFollowing, signedIn, loginHref }: Props) {
  const [following, setFollowing] = useState(initialFollowing);
  const follow = useApiMutation(
    (_signal, on: boolean) => api(on ? 'PUT /api/follows/users/{userId}' : 'DELETE /api/follows/users/{userId}', { params: { userId } }),
    {
      onSuccess: (body) => {
        setFollowing(body.following);
        $profileFollowers.set(body.followerCount);
        toast({
          title: body.following ? 'Following' : 'Unfollowed',
          description: body.following ? `You now follow ${name}.` : `You no longer follow ${name}.`,
          variant: 'success',
        });
      },
      onError: (error, on) =>
        toast({
          title: 'Error',
          description: error.code === 'NETWORK' ? error.message : on ? 'Failed to follow creator' : 'Failed to unfollow creator',
          variant: 'destructive',
        }),
    },
  );
  const busy = follow.busy;

  if (!signedIn) {
    return (
      <a className="btn btn-primary" href={loginHref}>
        Follow<span className="visually-hidden"> {name}</span>
      </a>
    );
  }

  return (
    <button
      type="button"
      className={`btn ${following ? 'btn-secondary is-following' : 'btn-primary'} follow-creator`}
      onClick={() => void follow.run(!following)}
      disabled={busy}
      aria-busy={busy}
    >
      {following ? (
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M20 6 9 17l-5-5" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      ) : (
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 5v14M5 12h14" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
      )}
      {following ? 'Following' : 'Follow'}
      <span className="visually-hidden"> {name}</span>
    </button>
  );
}
