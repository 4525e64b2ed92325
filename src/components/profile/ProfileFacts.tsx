/** Company, location, join date and website of a profile, with small icons. */
import type { ReactNode } from 'react';
import { joinedLabel } from '@/src/shared/profile';
import { Icon, type IconProps } from '@/src/components/ui/Icon';

interface Props {
  company: string | null;
  location: string | null;
  website: string | null;
  createdAt: string;
}

/** One fact: its icon (drawn as it always was: some with square corners or ends) and its text. */
function Fact({ path, cap, join, children }: { path: string; cap?: IconProps['cap']; join?: IconProps['join']; children: ReactNode }) {
  return (
    <li>
      <Icon size={16} cap={cap} join={join}>
        <path d={path} />
      </Icon>
      {children}
    </li>
  );
}

export function ProfileFacts({ company, location, website, createdAt }: Props) {
  const websiteLabel = website ? website.replace(/^https?:\/\//, '').replace(/\/$/, '') : null;
  return (
    <ul className="pfacts row-list">
      {company ? (
        <Fact path="M3 21h18M5 21V7l7-4 7 4v14M9 9h1m4 0h1m-6 4h1m4 0h1m-6 4h1m4 0h1" join="miter">
          <span className="visually-hidden">Company: </span>
          {company}
        </Fact>
      ) : null}
      {location ? (
        <Fact path="M12 21s-7-6.2-7-12a7 7 0 0 1 14 0c0 5.8-7 12-7 12Z M12 11.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z" cap="butt">
          <span className="visually-hidden">Location: </span>
          {location}
        </Fact>
      ) : null}
      <Fact path="M4 6h16v14H4zM4 10h16M8 3v4m8-4v4" join="miter">
        <time dateTime={createdAt}>{joinedLabel(createdAt)}</time>
      </Fact>
      {website && websiteLabel ? (
        <Fact path="M10 14a5 5 0 0 0 7 0l3-3a5 5 0 0 0-7-7l-1 1m2 5a5 5 0 0 0-7 0l-3 3a5 5 0 0 0 7 7l1-1" join="miter">
          <a href={website} rel="noopener nofollow ugc" target="_blank">
            {websiteLabel}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </Fact>
      ) : null}
    </ul>
  );
}
