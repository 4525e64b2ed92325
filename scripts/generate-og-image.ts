/**
 * One-off: draws public/og-default.png (1200x630, the Open Graph and Twitter card image every
 * page points to by default) from an SVG with sharp. Run `tsx scripts/generate-og-image.ts`
 * after changing the brand; the PNG is committed, nothing runs at build time.
 */
import path from 'node:path';
import sharp from 'sharp';

const WIDTH = 1200;
const HEIGHT = 630;
const sparkle = 'M12 2.5c.5 4.6 2.9 7 7.5 7.5-4.6.5-7 2.9-7.5 7.5-.5-4.6-2.9-7-7.5-7.5 4.6-.5 7-2.9 7.5-7.5Z';
const small = 'M19 15.5c.2 1.9 1.2 2.9 3 3-1.8.2-2.8 1.2-3 3-.2-1.8-1.2-2.8-3-3 1.8-.1 2.8-1.1 3-3Z';
const chips = ['Prompts', 'Templates', 'Automations', 'Code', 'Models', 'Apps'];

let x = 96;
const chipSvg = chips
  .map((label) => {
    const width = 40 + label.length * 14;
    const chip = `<g transform="translate(${x} 452)"><rect width="${width}" height="48" rx="24" fill="#ffffff" fill-opacity="0.14" stroke="#ffffff" stroke-opacity="0.35"/><text x="${width / 2}" y="31" text-anchor="middle" font-size="22" font-weight="600" fill="#ffffff">${label}</text></g>`;
    x += width + 14;
    return chip;
  })
  .join('');

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="DejaVu Sans, Liberation Sans, sans-serif">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#3d27a8"/>
      <stop offset="0.6" stop-color="#5b3fd6"/>
      <stop offset="1" stop-color="#7d5cf0"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.85" cy="0.1" r="0.6">
      <stop offset="0" stop-color="#c9f5e6" stop-opacity="0.45"/>
      <stop offset="1" stop-color="#c9f5e6" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#glow)"/>
  <g transform="translate(930 70) scale(9)" fill="#ffffff" fill-opacity="0.12"><path d="${sparkle}"/><path d="${small}"/></g>
  <g transform="translate(96 92) scale(2.6)" fill="#c9f5e6"><path d="${sparkle}"/><path d="${small}" opacity=".7"/></g>
  <text x="172" y="142" font-size="56" font-weight="800" fill="#ffffff" letter-spacing="-1.5">toolmint</text>
  <text x="96" y="280" font-size="68" font-weight="800" fill="#ffffff" letter-spacing="-2">AI tools that actually</text>
  <text x="96" y="360" font-size="68" font-weight="800" fill="#ffffff" letter-spacing="-2">work for you</text>
  <text x="96" y="420" font-size="28" fill="#ece7ff">The marketplace for what creators build with AI</text>
  ${chipSvg}
  <text x="96" y="570" font-size="22" fill="#ece7ff" fill-opacity="0.85">Independent creators · real reviews · 30-day money-back guarantee</text>
</svg>`;

const out = path.resolve('public', 'og-default.png');
const info = await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true, quality: 90 }).toFile(out);
console.log(`wrote ${out} (${info.width}x${info.height}, ${(info.size / 1024).toFixed(1)} KB)`);
