/**
 * The product page looks the same whatever order its stylesheets load in (docs/decisions/033).
 * On the product route the bundler puts card.css and product.css before global.css; on every
 * other page a feature's stylesheet comes after it. So no rule of the product page may set a
 * property that a global rule of the same specificity sets on the same element: the test
 * moves global.css (the sheet with the :root tokens) first, as other pages have it, and
 * compares every element's computed style before and after.
 */
import { expect, test } from '@playwright/test';
import { failOnPageErrors } from './support';

failOnPageErrors();

for (const width of [1280, 390]) {
  test(`the product page does not depend on where global.css loads (${width}px wide)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/marketplace');
    const href = await page.locator('a[href^="/product/"]').first().getAttribute('href');
    await page.goto(href!);
    // What the order used to change: the page's padding, the download button, the similar products' buttons.
    await expect(page.locator('.dl-button')).toBeVisible();
    await expect(page.locator('.pp-similar .pcard-get').first()).toBeVisible();
    // The header swaps its signed-out/loading parts when the session check answers: let it
    // settle first, or the snapshots would differ by that swap and not by the stylesheet order.
    await expect(page.locator('.site-header')).not.toHaveAttribute('data-auth-state', 'loading');

    const result = await page.evaluate(async () => {
      const snapshot = () =>
        [...document.querySelectorAll('body *')].map((el) => {
          const style = getComputedStyle(el);
          return Object.fromEntries([...style].map((name) => [name, style.getPropertyValue(name)]));
        });
      const sheets = [...document.querySelectorAll<HTMLLinkElement | HTMLStyleElement>('link[rel="stylesheet"], style')];
      const global = sheets.find((node) =>
        [...(node.sheet?.cssRules ?? [])].some(
          (rule) => rule instanceof CSSStyleRule && rule.selectorText === ':root' && rule.style.getPropertyValue('--c-bg'),
        ),
      );
      if (!global) return { globalFound: false, changes: [] };
      const before = snapshot();
      sheets[0]!.before(global);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const after = snapshot();
      const elements = [...document.querySelectorAll('body *')];
      const changes = new Set<string>();
      before.forEach((styles, i) => {
        for (const [name, value] of Object.entries(styles)) {
          if (after[i]![name] !== value)
            changes.add(`${elements[i]!.tagName.toLowerCase()}.${[...elements[i]!.classList].join('.')} ${name}: ${value} -> ${after[i]![name]}`);
        }
      });
      return { globalFound: true, changes: [...changes] };
    });

    expect(result.globalFound).toBe(true);
    expect(result.changes).toEqual([]);
  });
}
