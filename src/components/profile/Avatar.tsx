/** A round profile picture, or the person's initials on a tinted circle when there is none. */
import { initialsOf } from '@/src/shared/profile';

export function Avatar({ url, name, size = 40 }: { url: string | null; name: string; size?: number }) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.38) };
  return url ? (
    <img className="pavatar" src={url} alt="" width={size} height={size} style={style} loading="lazy" decoding="async" />
  ) : (
    <span className="pavatar pavatar-initials" style={style} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}
