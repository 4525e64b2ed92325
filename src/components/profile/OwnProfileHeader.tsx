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
import { api, ApiError } from '@/src/shared/api/client';
import { $session } from '@/src/stores/session';
import { $ownProfile } from '@/src/stores/profile';
import { toast } from '@/src/stores/toasts';
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

export default function OwnProfileHeader(props: Props) {
  const [avatarUrl, setAvatarUrl] = useState(props.avatarUrl);
  const [bannerUrl, setBannerUrl] = useState(props.bannerUrl);
  const [busy, setBusy] = useState<Kind | null>(null);
  const avatarInput = useRef<HTMLInputElement>(null);
  const bannerInput = useRef<HTMLInputElement>(null);
  const edited = useStore($ownProfile);
  const details = edited ?? { fullName: props.fullName, company: props.company, location: props.location, website: props.website };

  function showInSession(url: string | null) {
    const session = $session.get();
    if (session.status === 'signed-in') $session.set({ status: 'signed-in', user: { ...session.user, image: url } });
  }

  async function upload(kind: Kind, event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const file = input.files?.[0];
    input.value = '';
    if (!file || busy) return;
    if (!file.type.startsWith('image/')) {
      toast({ title: 'Invalid file type', description: 'Please select an image file', variant: 'destructive' });
      return;
    }
    setBusy(kind);
    const failed = (description: string) => toast({ title: 'Upload failed', description, variant: 'destructive' });
    try {
      const form = new FormData();
      form.set('file', file);
      const { url } = kind === 'avatar' ? await api('POST /api/profile/avatar', { body: form }) : await api('POST /api/profile/banner', { body: form });
      if (!url) {
        failed(kind === 'banner' ? 'Failed to upload cover photo' : 'Failed to upload image');
        return;
      }
      if (kind === 'avatar') {
        setAvatarUrl(url);
        showInSession(url);
        toast({ title: 'Avatar uploaded', description: 'Your profile picture has been updated', variant: 'success' });
      } else {
        setBannerUrl(url);
        toast({ title: 'Cover photo updated', variant: 'success' });
      }
    } catch (error) {
      if (!(error instanceof ApiError) || error.code === 'NETWORK') {
        console.warn(`[profile] ${kind} upload failed:`, error);
        failed(kind === 'banner' ? 'Failed to upload cover photo' : 'Failed to upload image');
      } else if (error.code === 'NOT_AN_IMAGE') toast({ title: 'Invalid file type', description: 'Please select an image file', variant: 'destructive' });
      else if (error.code === 'IMAGE_COMPRESSION_FAILED')
        toast({ title: 'Compression failed', description: error.message || `Failed to compress ${file.name}`, variant: 'destructive' });
      else if (error.code === 'UNAUTHENTICATED') failed('User not authenticated');
      else failed(kind === 'banner' ? 'Failed to upload cover photo' : error.message || 'Failed to upload image');
    } finally {
      setBusy(null);
    }
  }

  async function remove(kind: Kind) {
    if (busy) return;
    setBusy(kind);
    try {
      await (kind === 'avatar' ? api('DELETE /api/profile/avatar') : api('DELETE /api/profile/banner'));
      if (kind === 'avatar') {
        setAvatarUrl(null);
        showInSession(null);
        toast({ title: 'Avatar removed', variant: 'success' });
      } else {
        setBannerUrl(null);
        toast({ title: 'Cover photo removed', variant: 'success' });
      }
    } catch (error) {
      console.warn(`[profile] ${kind} removal failed:`, error);
      toast({ title: 'Remove failed', description: 'Failed to remove image', variant: 'destructive' });
    } finally {
      setBusy(null);
    }
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
            <button type="button" className="btn pmedia-btn" onClick={() => void remove('banner')} disabled={busy !== null}>
              Remove<span className="visually-hidden"> cover photo</span>
            </button>
          ) : null}
        </div>
        <input ref={bannerInput} type="file" accept="image/*" hidden onChange={(e) => void upload('banner', e)} aria-label="Upload a cover photo" />
      </div>
      <div className="phero-body">
        <div className="phero-avatar" aria-busy={busy === 'avatar'}>
          <Avatar url={avatarUrl} name={details.fullName} size={112} />
          {busy === 'avatar' ? <span className="pavatar-busy" aria-hidden="true" /> : null}
          <input ref={avatarInput} type="file" accept="image/*" hidden onChange={(e) => void upload('avatar', e)} aria-label="Upload a profile picture" />
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
            <button type="button" className="btn btn-ghost" onClick={() => void remove('avatar')} disabled={busy !== null}>
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
