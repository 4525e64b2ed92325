/**
 * A stroke icon for the islands: 24 px grid, currentColor, 2 px round strokes, decorative
 * (aria-hidden). The islands' inline icons draw their paths inside it instead of each
 * repeating the same <svg> attributes. Icon.astro is the same for .astro components.
 */
import type { ReactNode } from 'react';

export interface IconProps {
  children: ReactNode;
  size?: number | undefined;
  /** Line ends and corners: round unless an icon was drawn with square ones ('butt', 'miter'). */
  cap?: 'round' | 'butt' | undefined;
  join?: 'round' | 'miter' | undefined;
  className?: string | undefined;
}

export function Icon({ children, size = 18, cap = 'round', join = 'round', className }: IconProps) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap={cap}
      strokeLinejoin={join}
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

/** An icon component of fixed drawing, sized by its caller. */
export function defineIcon(body: ReactNode) {
  return function DefinedIcon({ size }: { size?: number }) {
    return <Icon size={size}>{body}</Icon>;
  };
}
