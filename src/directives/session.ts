/**
 * `client:session`: hydrates an island at once for a signed-in reader, and for a visitor only
 * when they touch the page or reach the island. Made for islands whose every action needs an
 * account (a thread's votes, follow, replies and report form: ThreadIsland): a visitor reads the
 * server-rendered thread with no JavaScript beyond the site shell (issue 16: a thread page ships
 * no more than a product page), and a signed-in reader gets the controls as soon as the header
 * knows who they are (Header.astro sets `.site-header[data-auth-state]` from the session store).
 * Registered in astro.config.mjs; Astro inlines it into the pages that use it.
 */
import type { ClientDirective } from 'astro';

/** The first of these anywhere on the page starts hydration (and the island is ready by the click that follows a pointerdown or a focus). */
const INTERACTIONS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

const sessionDirective: ClientDirective = (load, _options, el) => {
  const header = document.querySelector('.site-header');
  const signedIn = () => header?.getAttribute('data-auth-state') === 'signed-in';
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    visible.disconnect();
    session.disconnect();
    for (const type of INTERACTIONS) document.removeEventListener(type, start);
    void load().then((hydrate) => hydrate());
  };
  const visible = new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting)) start();
  });
  const session = new MutationObserver(() => {
    if (signedIn()) start();
  });
  if (signedIn()) return start();
  if (header) session.observe(header, { attributes: true, attributeFilter: ['data-auth-state'] });
  for (const child of el.children) visible.observe(child);
  for (const type of INTERACTIONS) document.addEventListener(type, start, { passive: true });
};

export default sessionDirective;
