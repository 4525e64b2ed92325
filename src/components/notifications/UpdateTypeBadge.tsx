/** The coloured type badge of a tool update (spec section 9) and its optional version. */
import { UPDATE_TYPE_TONES } from '@/src/shared/tool-updates';
import { UPDATE_TYPE_LABELS, type UpdateType } from '@/src/shared/domain';

export function UpdateTypeBadge({ type }: { type: UpdateType }) {
  return <span className={`utype utype-${UPDATE_TYPE_TONES[type]}`}>{UPDATE_TYPE_LABELS[type]}</span>;
}

export function UpdateVersion({ version }: { version: string | null }) {
  return version ? <span className="uversion">{/^\d/.test(version) ? `v${version}` : version}</span> : null;
}

export function FeedIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M4 11a9 9 0 0 1 9 9M4 4a16 16 0 0 1 16 16" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="5" cy="19" r="1.8" fill="currentColor" />
    </svg>
  );
}
