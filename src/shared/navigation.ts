/**
 * Site navigation (spec section 2, Navigation), shared by the header, the mobile sheet and tests.
 */
export interface NavLink {
  href: string;
  label: string;
  /** Also active for paths under these prefixes. */
  alsoActiveFor?: string[];
  signedInOnly?: boolean;
}

export const MAIN_NAV: readonly NavLink[] = [
  { href: '/marketplace', label: 'Marketplace' },
  { href: '/ai-tools', label: 'AI Tools', alsoActiveFor: ['/tools/'] },
  { href: '/community', label: 'Community' },
  { href: '/dashboard', label: 'Dashboard', signedInOnly: true },
];

/** The signed-in user's own pages: the header's account menu and the mobile sheet. */
export const ACCOUNT_NAV: readonly NavLink[] = [
  { href: '/profile', label: 'Profile' },
  { href: '/dashboard', label: 'Dashboard' },
  { href: '/settings/account', label: 'Account settings' },
  { href: '/settings/notifications', label: 'Notifications' },
  { href: '/settings/api', label: 'API keys' },
];

/**
 * The administrators' pages (profiles.role = 'admin'; anyone else gets their 404): the
 * navigation at the top of each (src/components/admin/AdminNav.astro).
 */
export const ADMIN_NAV: readonly NavLink[] = [
  { href: '/admin/products', label: 'Products in review' },
  { href: '/admin/tools', label: 'AI tools' },
  { href: '/admin/reports', label: 'Reports' },
  { href: '/admin/orders', label: 'Orders' },
  { href: '/admin/payouts', label: 'Payouts' },
  { href: '/admin/refunds', label: 'Refund requests' },
  { href: '/admin/jobs', label: 'Jobs and email' },
];

export function isNavActive(link: NavLink, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === link.href || path.startsWith(`${link.href}/`)) return true;
  return (link.alsoActiveFor ?? []).some((prefix) => path.startsWith(prefix));
}

export const FOOTER_NAV: readonly { title: string; links: readonly { href: string; label: string; newTab?: boolean }[] }[] = [
  {
    title: 'Marketplace',
    links: [
      { href: '/marketplace', label: 'Browse products' },
      { href: '/marketplace?budget=free', label: 'Free tools' },
      { href: '/marketplace?category=business', label: 'Business' },
      { href: '/marketplace?category=design', label: 'Design' },
    ],
  },
  {
    title: 'AI tools',
    links: [
      { href: '/ai-tools', label: 'Tools directory' },
      { href: '/tools/chatgpt', label: 'ChatGPT' },
      { href: '/tools/claude', label: 'Claude' },
      { href: '/tools/n8n', label: 'n8n' },
    ],
  },
  {
    title: 'Creators',
    links: [
      { href: '/auth?mode=signup', label: 'Start selling' },
      { href: '/community', label: 'Community' },
      { href: '/developers', label: 'API for developers' },
      { href: '/auth?mode=login', label: 'Log in' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { href: '/support', label: 'Contact & support' },
      { href: '/terms', label: 'Terms of Service', newTab: true },
      { href: '/privacy', label: 'Privacy Policy', newTab: true },
    ],
  },
];
