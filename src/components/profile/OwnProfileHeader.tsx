/**
 * The header of one's own profile (/profile): cover photo and avatar with upload and remove
 * (spec sections 2, 6, 7, 8 and 9), name and facts (live after an edit).
 *
 * Uploads go to POST /api/profile/avatar and /api/profile/banner, where sharp checks and
 * compresses them (the browser no longer loads a compression script). A file whose type is not
 * image/* is refused here at once; the server decides from the bytes. A new avatar is put in
 * $session too, so the header shows it at once.
 */
import { useRef, useState, type ChangeEvent } from 'react';
import { useStore } from '@nanostores/react';
import { USER_TYPE_LABELS, type ProfileImageKind, type UserType } from '@/src/shared/domain';
import { api } from '@/src/shared/api/client';
import { $session } from '@/src/stores/session';
import { $ownProfile } from '@/src/stores/profile';
import { toast } from '@/src/stores/toasts';
import { useApiMutation } from '../hooks/use-api';
import { Avatar } from './Avatar';
import { ProfileFacts } from './ProfileFacts';
import { profileUrl } from '@/src/shared/handles';

interface Props {
  userId: string;
  /** The chosen handle (the public profile is /@handle), or null. */
  handle?: string | null;
  email: string;
  userType: UserType;
  verified: boolean;
  avatarUrl: string | null;
  bannerUrl: string | null;
  fullName: string;
  company: string | null;
  location: string | null;
  website: string | null;
  createdAt: string;
}

type Kind = ProfileImageKind;

const CAMERA = (
  <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
    <path d="M4 8h3l2-3h6l2 3h3v11H4z M12 16.5a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
  </svg>
);

const uploadFailed = (kind: Kind, description?: string) =>
  toast({
    title: 'Upload failed',
    description: description ?? (kind === 'banner' ? 'Failed to upload cover photo' : 'Failed to upload image'),
    variant: 'destructive',
  });

/** Uploading (a file) or removing (null) the avatar or the cover photo: one request at a time per image. */
function useProfileImage(kind: Kind, onChanged: (url: string | null) => void) {
  return useApiMutation(
    async (_signal, file: File | null) => {
      if (!file) {
        await (kind === 'avatar' ? api('DELETE /api/profile/avatar') : api('DELETE /api/profile/banner'));
        return null;
      }
      const form = new FormData();
      form.set('file', file);
      return (kind === 'avatar' ? await api('POST /api/profile/avatar', { body: form }) : await api('POST /api/profile/banner', { body: form })).url;
    },
    {
      onSuccess: (url, file) => {
        if (file && !url) {
          uploadFailed(kind);
          return;
        }
        onChanged(url);
        if (!file) toast({ title: kind === 'avatar' ? 'Avatar removed' : 'Cover photo removed', variant: 'success' });
        else if (kind === 'avatar') toast({ title: 'Avatar uploaded', description: 'Your profile picture has been updated', variant: 'success' });
        else toast({ title: 'Cover photo updated', variant: 'success' });
      },
      onError: (error, file) => {
        if (!file) toast({ title: 'Remove failed', description: 'Failed to remove image', variant: 'destructive' });
        else if (error.code === 'NOT_AN_IMAGE') toast({ title: 'Invalid file type', description: 'Please select an image file', variant: 'destructive' });
        else if (error.code === 'IMAGE_COMPRESSION_FAILED') toast({ title: 'Compression failed', description: error.message, variant: 'destructive' });
        else if (error.code === 'UNAUTHENTICATED') uploadFailed(kind, 'User not authenticated');
        else uploadFailed(kind, kind === 'banner' || error.code === 'NETWORK' ? undefined : error.message);
      },
    },
  );
}

export default function OwnProfileHeader(props: Props) {
  const [avatarUrl, setAvatarUrl] = useState(props.avatarUrl);
  const [bannerUrl, setBannerUrl] = useState(props.bannerUrl);
  const avatarInput = useRef<HTMLInputElement>(null);
  const bannerInput = useRef<HTMLInputElement>(null);
  const edited = useStore($ownProfile);
  const details = edited ?? { fullName: props.fullName, company: props.company, location: props.location, website: props.website };

  const images = {
    avatar: useProfileImage('avatar', (url) => {
      setAvatarUrl(url);
      // The header shows the new avatar at once.
      const session = $session.get();
      if (session.status === 'signed-in') $session.set({ status: 'signed-in', user: { ...session.user, image: url } });
    }),
    banner: useProfileImage('banner', setBannerUrl),
  };
  const busy: Kind | null = images.avatar.busy ? 'avatar' : images.banner.busy ? 'banner' : null;

  function upload(kind: Kind, event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const file = input.files?.[0];
    input.value = '';
    if (!file || busy) return;
    if (!file.type.startsWith('image/')) {
      toast({ title: 'Invalid file type', description: 'Please select an image file', variant: 'destructive' });
      return;
    }
    void images[kind].run(file);
  }

  function remove(kind: Kind) {
    if (!busy) void images[kind].run(null);
  }

  return (
    <header className="card phero">
      <div className="pbanner" aria-busy={busy === 'banner'}>
        {bannerUrl ? <img src={bannerUrl} alt="" width={1600} height={400} /> : null}
        <div className="pmedia-actions pmedia-banner">
          <button type="button" className="btn pmedia-btn" onClick={() => bannerInput.current?.click()} disabled={busy !== null}>
            {CAMERA}
            {busy === 'banner' ? 'Uploading…' : bannerUrl ? 'Change cover' : 'Add cover photo'}
          </button>
          {bannerUrl ? (
            <button type="button" className="btn pmedia-btn" onClick={() => remove('banner')} disabled={busy !== null}>
              Remove<span className="visually-hidden"> cover photo</span>
            </button>
          ) : null}
        </div>
        <input ref={bannerInput} type="file" accept="image/*" hidden onChange={(e) => upload('banner', e)} aria-label="Upload a cover photo" />
      </div>
      <div className="phero-body">
        <div className="phero-avatar" aria-busy={busy === 'avatar'}>
          <Avatar url={avatarUrl} name={details.fullName} size={112} />
          {busy === 'avatar' ? <span className="pavatar-busy" aria-hidden="true" /> : null}
          <input ref={avatarInput} type="file" accept="image/*" hidden onChange={(e) => upload('avatar', e)} aria-label="Upload a profile picture" />
        </div>
        <div className="phero-text">
          <div className="pname-row">
            <h1>{details.fullName}</h1>
            {props.verified ? <span className="badge badge-verified">Verified</span> : null}
            <span className="badge">{USER_TYPE_LABELS[props.userType]}</span>
          </div>
          <p className="muted pemail">{props.email}</p>
          <ProfileFacts company={details.company} location={details.location} website={details.website} createdAt={props.createdAt} />
        </div>
        <div className="phero-actions">
          <button type="button" className="btn btn-secondary" onClick={() => avatarInput.current?.click()} disabled={busy !== null}>
            {CAMERA}
            {busy === 'avatar' ? 'Uploading…' : avatarUrl ? 'Change photo' : 'Upload photo'}
          </button>
          {avatarUrl ? (
            <button type="button" className="btn btn-ghost" onClick={() => remove('avatar')} disabled={busy !== null}>
              Remove photo
            </button>
          ) : null}
          <a className="btn btn-ghost" href={profileUrl({ id: props.userId, handle: props.handle ?? null })}>
            View public profile
          </a>
        </div>
      </div>
    </header>
  );
}
