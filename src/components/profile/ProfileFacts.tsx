/** Company, location, join date and website of a profile, with small icons. */
import { joinedLabel } from '@/src/shared/profile';

interface Props {
  company: string | null;
  location: string | null;
  website: string | null;
  createdAt: string;
}

export function ProfileFacts({ company, location, website, createdAt }: Props) {
  const websiteLabel = website ? website.replace(/^https?:\/\//, '').replace(/\/$/, '') : null;
  return (
    <ul className="pfacts">
      {company ? (
        <li>
          <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
            <path
              d="M3 21h18M5 21V7l7-4 7 4v14M9 9h1m4 0h1m-6 4h1m4 0h1m-6 4h1m4 0h1"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
          <span className="visually-hidden">Company: </span>
          {company}
        </li>
      ) : null}
      {location ? (
        <li>
          <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
            <path
              d="M12 21s-7-6.2-7-12a7 7 0 0 1 14 0c0 5.8-7 12-7 12Z M12 11.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
          </svg>
          <span className="visually-hidden">Location: </span>
          {location}
        </li>
      ) : null}
      <li>
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 6h16v14H4zM4 10h16M8 3v4m8-4v4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <time dateTime={createdAt}>{joinedLabel(createdAt)}</time>
      </li>
      {website && websiteLabel ? (
        <li>
          <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
            <path
              d="M10 14a5 5 0 0 0 7 0l3-3a5 5 0 0 0-7-7l-1 1m2 5a5 5 0 0 0-7 0l-3 3a5 5 0 0 0 7 7l1-1"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
          <a href={website} rel="noopener nofollow ugc" target="_blank">
            {websiteLabel}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
      ) : null}
    </ul>
  );
}
