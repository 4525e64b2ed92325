/**
 * Demo image renderer for the seed.
 *
 * Owns: the locally generated artwork for the demo catalogue - product images
 * (main / featured / additional variants), user avatars and profile banners.
 * Everything is drawn as SVG and rasterised with sharp, so seeding needs no
 * network and no external fonts (only the system font stack below). Output is
 * deterministic for the same input, which keeps reseeding stable.
 *
 * Used by: db/seed (which uploads the returned WebP buffers to storage).
 * Pure rendering: no imports of application code.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const FONT = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';

interface Palette {
  from: string;
  to: string;
  accent: string;
  ink: string;
}

/** Base palettes per category; the seed shifts the hue slightly so products differ. */
const CATEGORY_PALETTES: Record<string, { hues: [number, number, number]; label: string }> = {
  content: { hues: [262, 318, 45], label: 'Content' },
  design: { hues: [14, 338, 52], label: 'Design' },
  audio: { hues: [186, 228, 160], label: 'Audio' },
  business: { hues: [218, 252, 190], label: 'Business' },
  video: { hues: [352, 28, 280], label: 'Video' },
  tech: { hues: [158, 205, 95], label: 'Tech' },
};

const TOOL_LABELS: Record<string, string> = {
  n8n: 'n8n',
  make: 'Make',
  zapier: 'Zapier',
  lovable: 'Lovable',
  bolt: 'Bolt',
  cursor: 'Cursor',
  'github-copilot': 'GitHub Copilot',
  gemini: 'Gemini',
  chatgpt: 'ChatGPT',
  deepseek: 'DeepSeek',
  claude: 'Claude',
  midjourney: 'Midjourney',
  'stable-diffusion': 'Stable Diffusion',
  runway: 'Runway',
  custom: 'Custom',
};

/** Small deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  let a = Math.floor(seed) >>> 0 || 0x9e3779b9;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hashString(value: string): number {
  let h = 2166136261;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

function hsl(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360;
  return `hsl(${hue.toFixed(0)},${s.toFixed(0)}%,${l.toFixed(0)}%)`;
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

function paletteFor(categoryId: string, seed: number): Palette {
  const base = CATEGORY_PALETTES[categoryId] ?? { hues: [230, 270, 170] as [number, number, number] };
  const shift = (rng(seed * 7 + 3)() - 0.5) * 24;
  const [h1, h2, h3] = base.hues;
  return {
    from: hsl(h1 + shift, 62, 22),
    to: hsl(h2 + shift, 70, 42),
    accent: hsl(h3 + shift, 85, 62),
    ink: hsl(h1 + shift, 40, 12),
  };
}

/**
 * Greedy word wrap using an estimated glyph width (DejaVu Sans Bold averages
 * ~0.6em). Returns at most `maxLines` lines; overflow ends with an ellipsis.
 */
function wrapText(text: string, fontSize: number, maxWidth: number, maxLines: number): string[] {
  const maxChars = Math.max(8, Math.floor(maxWidth / (fontSize * 0.6)));
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = '';
  let index = 0;
  for (; index < words.length; index++) {
    let word = words[index] ?? '';
    if (word.length > maxChars) word = `${word.slice(0, maxChars - 1)}…`;
    const candidate = current ? `${current} ${word}` : word;
    if (candidate.length <= maxChars) {
      current = candidate;
      continue;
    }
    lines.push(current);
    current = word;
    if (lines.length === maxLines) break;
  }
  if (lines.length < maxLines && current) {
    lines.push(current);
    index = words.length;
  }
  if (index < words.length && lines.length > 0) {
    const last = lines[lines.length - 1] ?? '';
    const trimmed = last.length + 1 > maxChars ? last.slice(0, maxChars - 1).replace(/\s+\S*$/, '') : last;
    lines[lines.length - 1] = `${trimmed.replace(/[\s,:;.\-+&]+$/, '')}…`;
  }
  return lines;
}

/** Picks the largest font size (from the list) at which the title fits in maxLines. */
function fitTitle(title: string, sizes: number[], maxWidth: number, maxLines: number): { size: number; lines: string[] } {
  for (const size of sizes) {
    const maxChars = Math.max(8, Math.floor(maxWidth / (size * 0.6)));
    const words = title.trim().split(/\s+/);
    let count = 1;
    let len = 0;
    for (const w of words) {
      const add = len === 0 ? w.length : len + 1 + w.length;
      if (add > maxChars && len > 0) {
        count++;
        len = w.length;
      } else {
        len = add;
      }
    }
    if (count <= maxLines) return { size, lines: wrapText(title, size, maxWidth, maxLines) };
  }
  const size = sizes[sizes.length - 1] ?? 48;
  return { size, lines: wrapText(title, size, maxWidth, maxLines) };
}

function textBlock(lines: string[], x: number, y: number, size: number, anchor: 'start' | 'middle', fill: string): string {
  const lineHeight = Math.round(size * 1.18);
  const tspans = lines.map((line, i) => `<tspan x="${x}" y="${y + i * lineHeight}">${escapeXml(line)}</tspan>`).join('');
  return `<text font-family="${FONT}" font-weight="700" font-size="${size}" fill="${fill}" text-anchor="${anchor}" letter-spacing="-0.5">${tspans}</text>`;
}

function pill(x: number, y: number, label: string, fill: string, textFill: string, anchor: 'start' | 'middle' = 'start'): string {
  const size = 22;
  const width = Math.round(label.length * (size * 0.74 + 2) + 36);
  const left = anchor === 'middle' ? x - width / 2 : x;
  return (
    `<rect x="${left}" y="${y}" width="${width}" height="44" rx="22" fill="${fill}"/>` +
    `<text x="${left + width / 2}" y="${y + 30}" font-family="${FONT}" font-weight="700" font-size="${size}" letter-spacing="2" fill="${textFill}" text-anchor="middle">${escapeXml(label)}</text>`
  );
}

function defs(p: Palette, angle: number): string {
  const rad = (angle * Math.PI) / 180;
  const x2 = (50 + Math.cos(rad) * 50).toFixed(1);
  const y2 = (50 + Math.sin(rad) * 50).toFixed(1);
  const x1 = (100 - Number(x2)).toFixed(1);
  const y1 = (100 - Number(y2)).toFixed(1);
  return `<defs>
  <linearGradient id="bg" x1="${x1}%" y1="${y1}%" x2="${x2}%" y2="${y2}%">
    <stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/>
  </linearGradient>
  <radialGradient id="glow" cx="50%" cy="50%" r="50%">
    <stop offset="0" stop-color="${p.accent}" stop-opacity="0.55"/><stop offset="1" stop-color="${p.accent}" stop-opacity="0"/>
  </radialGradient>
  <radialGradient id="glowWhite" cx="50%" cy="50%" r="50%">
    <stop offset="0" stop-color="#ffffff" stop-opacity="0.28"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
  </radialGradient>
  <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.38"/>
  </linearGradient>
</defs>`;
}

function mainLayout(title: string, category: string, tool: string, p: Palette, r: () => number): string {
  const shapes: string[] = [];
  // Large soft glows, top right.
  shapes.push(`<circle cx="${900 + r() * 200}" cy="${120 + r() * 140}" r="${320 + r() * 120}" fill="url(#glow)"/>`);
  shapes.push(`<circle cx="${120 + r() * 300}" cy="${60 + r() * 80}" r="${220 + r() * 80}" fill="url(#glowWhite)"/>`);
  // Floating circles and a ring.
  for (let i = 0; i < 4; i++) {
    const cx = 700 + r() * 460;
    const cy = 60 + r() * 380;
    const rad = 24 + r() * 90;
    shapes.push(`<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${rad.toFixed(0)}" fill="#ffffff" fill-opacity="${(0.06 + r() * 0.1).toFixed(2)}"/>`);
  }
  shapes.push(
    `<circle cx="${(880 + r() * 160).toFixed(0)}" cy="${(240 + r() * 80).toFixed(0)}" r="${(150 + r() * 60).toFixed(0)}" fill="none" stroke="#ffffff" stroke-opacity="0.22" stroke-width="3"/>`,
  );
  // Rotated rounded squares.
  for (let i = 0; i < 2; i++) {
    const size = 90 + r() * 110;
    const x = 640 + r() * 420;
    const y = 120 + r() * 260;
    shapes.push(
      `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="${size.toFixed(0)}" height="${size.toFixed(0)}" rx="28" fill="${p.accent}" fill-opacity="${(0.16 + r() * 0.16).toFixed(2)}" transform="rotate(${(r() * 50 - 25).toFixed(0)} ${(x + size / 2).toFixed(0)} ${(y + size / 2).toFixed(0)})"/>`,
    );
  }
  const { size, lines } = fitTitle(title, [72, 64, 56, 50], 1040, 3);
  const lineHeight = Math.round(size * 1.18);
  const bottom = 700;
  const firstY = bottom - (lines.length - 1) * lineHeight;
  return (
    shapes.join('') +
    `<rect x="0" y="400" width="1200" height="400" fill="url(#shade)"/>` +
    pill(80, firstY - size - 44, category.toUpperCase(), '#ffffff', p.ink) +
    `<text x="1120" y="80" font-family="${FONT}" font-size="24" font-weight="700" fill="#ffffff" fill-opacity="0.8" text-anchor="end">${escapeXml(tool)}</text>` +
    textBlock(lines, 80, firstY, size, 'start', '#ffffff') +
    `<text x="80" y="80" font-family="${FONT}" font-size="26" font-weight="700" fill="#ffffff" fill-opacity="0.85">toolmint</text>`
  );
}

function featuredLayout(title: string, category: string, tool: string, p: Palette, r: () => number): string {
  const shapes: string[] = [];
  const cx = 600 + (r() - 0.5) * 120;
  const cy = 400 + (r() - 0.5) * 80;
  shapes.push(`<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="560" fill="url(#glow)"/>`);
  // Concentric rings around the centre.
  for (let i = 0; i < 6; i++) {
    const rad = 150 + i * 85;
    shapes.push(
      `<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${rad}" fill="none" stroke="#ffffff" stroke-opacity="${(0.2 - i * 0.025).toFixed(3)}" stroke-width="${i % 2 === 0 ? 2 : 6}"/>`,
    );
  }
  // Diagonal band.
  const tilt = -18 + r() * 10;
  shapes.push(`<rect x="-200" y="560" width="1700" height="120" fill="${p.accent}" fill-opacity="0.18" transform="rotate(${tilt.toFixed(1)} 600 620)"/>`);
  // Dots orbiting.
  for (let i = 0, placed = 0; placed < 7 && i < 40; i++) {
    const a = r() * Math.PI * 2;
    const dist = 200 + Math.floor(r() * 4) * 85;
    const x = cx + Math.cos(a) * dist;
    const y = cy + Math.sin(a) * dist;
    // Keep the orbiting dots clear of the title panel and the labels.
    if (y > 210 && y < 620) continue;
    if (y < 40 || y > 700) continue;
    placed++;
    shapes.push(
      `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${(6 + r() * 12).toFixed(0)}" fill="${placed % 2 ? '#ffffff' : p.accent}" fill-opacity="0.85"/>`,
    );
  }
  const { size, lines } = fitTitle(title, [68, 60, 54, 48], 980, 3);
  const lineHeight = Math.round(size * 1.18);
  const blockHeight = (lines.length - 1) * lineHeight;
  const firstY = 430 - blockHeight / 2 + size * 0.35;
  return (
    shapes.join('') +
    `<rect x="70" y="${(firstY - size - 40).toFixed(0)}" width="1060" height="${(blockHeight + size + 90).toFixed(0)}" rx="36" fill="${p.ink}" fill-opacity="0.35"/>` +
    pill(600, 70, `FEATURED · ${category.toUpperCase()}`, p.accent, p.ink, 'middle') +
    textBlock(lines, 600, Math.round(firstY), size, 'middle', '#ffffff') +
    `<text x="600" y="740" font-family="${FONT}" font-size="24" font-weight="700" fill="#ffffff" fill-opacity="0.8" text-anchor="middle">${escapeXml(`Built for ${tool} · toolmint`)}</text>`
  );
}

function additionalLayout(title: string, category: string, tool: string, p: Palette, r: () => number): string {
  const shapes: string[] = [];
  shapes.push(`<circle cx="${(200 + r() * 200).toFixed(0)}" cy="${(650 + r() * 100).toFixed(0)}" r="380" fill="url(#glow)"/>`);
  // A "window" mock with tiles on the right, like a peek at the deliverable.
  const wx = 640;
  const wy = 110;
  shapes.push(
    `<rect x="${wx}" y="${wy}" width="480" height="580" rx="28" fill="#ffffff" fill-opacity="0.12" stroke="#ffffff" stroke-opacity="0.3" stroke-width="2"/>`,
  );
  shapes.push(
    `<circle cx="${wx + 34}" cy="${wy + 32}" r="8" fill="#ffffff" fill-opacity="0.6"/><circle cx="${wx + 60}" cy="${wy + 32}" r="8" fill="#ffffff" fill-opacity="0.45"/><circle cx="${wx + 86}" cy="${wy + 32}" r="8" fill="#ffffff" fill-opacity="0.3"/>`,
  );
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 2; col++) {
      const x = wx + 30 + col * 215;
      const y = wy + 70 + row * 165;
      const highlight = r() > 0.65;
      shapes.push(
        `<rect x="${x}" y="${y}" width="205" height="145" rx="18" fill="${highlight ? p.accent : '#ffffff'}" fill-opacity="${highlight ? 0.55 : (0.1 + r() * 0.1).toFixed(2)}"/>`,
      );
      const bars = 2 + Math.floor(r() * 2);
      for (let b = 0; b < bars; b++) {
        const w = 60 + r() * 110;
        shapes.push(`<rect x="${x + 20}" y="${y + 28 + b * 30}" width="${w.toFixed(0)}" height="12" rx="6" fill="#ffffff" fill-opacity="0.55"/>`);
      }
    }
  }
  // Wave lines on the left.
  for (let i = 0; i < 3; i++) {
    const y = 120 + i * 26 + r() * 10;
    shapes.push(
      `<path d="M 0 ${y.toFixed(0)} C 160 ${(y - 60).toFixed(0)}, 340 ${(y + 60).toFixed(0)}, 560 ${y.toFixed(0)}" fill="none" stroke="${p.accent}" stroke-opacity="${(0.5 - i * 0.12).toFixed(2)}" stroke-width="4"/>`,
    );
  }
  const { size, lines } = fitTitle(title, [50, 44, 40, 36], 500, 3);
  const lineHeight = Math.round(size * 1.18);
  const firstY = 400 - ((lines.length - 1) * lineHeight) / 2;
  return (
    shapes.join('') +
    pill(70, Math.round(firstY - size - 70), category.toUpperCase(), '#ffffff', p.ink) +
    textBlock(lines, 70, Math.round(firstY), size, 'start', '#ffffff') +
    `<text x="70" y="${Math.round(firstY + (lines.length - 1) * lineHeight + 70)}" font-family="${FONT}" font-size="24" font-weight="700" fill="#ffffff" fill-opacity="0.75">${escapeXml(`${tool} · preview`)}</text>`
  );
}

/**
 * Rasterising is most of the seed's time (up to a second an image on a busy 2-core machine),
 * and every new data folder (each test server, `db:reset`) seeds the same images. So each WebP
 * is kept in node_modules/.cache/toolmint/seed-images under the hash of everything it is made
 * from (the SVG, the settings, libvips's version) and read back by the next seed. Removing the
 * folder only makes the next seed slower; where it cannot be written, nothing is kept.
 */
const CACHE_DIR = path.resolve('node_modules', '.cache', 'toolmint', 'seed-images');

async function toWebp(svg: string, quality = 80): Promise<Buffer> {
  const options = { quality, effort: 5 };
  const key = createHash('sha256')
    .update(JSON.stringify([sharp.versions.vips, options, svg]))
    .digest('hex');
  const file = path.join(CACHE_DIR, `${key}.webp`);
  const cached = await fs.promises.readFile(file).catch(() => undefined);
  if (cached) return cached;
  const webp = await sharp(Buffer.from(svg)).webp(options).toBuffer();
  const temp = `${file}.${process.pid}.tmp`;
  await fs.promises
    .mkdir(CACHE_DIR, { recursive: true })
    .then(() => fs.promises.writeFile(temp, webp))
    .then(() => fs.promises.rename(temp, file))
    .catch(() => fs.promises.rm(temp, { force: true }));
  return webp;
}

/** 1200x800 WebP product image. Deterministic for the same input. */
export async function renderProductImage(input: {
  title: string;
  categoryId: string;
  aiToolType: string;
  seed: number;
  variant?: 'main' | 'featured' | 'additional';
}): Promise<Buffer> {
  const variant = input.variant ?? 'main';
  const variantOffset = variant === 'main' ? 0 : variant === 'featured' ? 101 : 211;
  const seed = (input.seed >>> 0) + variantOffset;
  const r = rng(seed);
  const p = paletteFor(input.categoryId, input.seed);
  const category = CATEGORY_PALETTES[input.categoryId]?.label ?? input.categoryId;
  const tool = TOOL_LABELS[input.aiToolType] ?? input.aiToolType;
  const angle = variant === 'featured' ? 90 + r() * 40 : variant === 'additional' ? 200 + r() * 40 : 20 + r() * 40;
  const body =
    variant === 'featured'
      ? featuredLayout(input.title, category, tool, p, r)
      : variant === 'additional'
        ? additionalLayout(input.title, category, tool, p, r)
        : mainLayout(input.title, category, tool, p, r);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">${defs(p, angle)}<rect width="1200" height="800" fill="url(#bg)"/>${body}</svg>`;
  return toWebp(svg);
}

function initials(name: string): string {
  const parts = name
    .replace(/[^\p{L}\p{N}\s'-]/gu, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (parts.length === 0) return '?';
  const first = parts[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1] ?? '') : '';
  const letters = last ? `${[...first][0] ?? ''}${[...last][0] ?? ''}` : [...first].slice(0, 2).join('');
  return letters.toUpperCase();
}

/**
 * The backdrop of an avatar or a banner: a diagonal gradient of `linear.stops` under a white
 * glow fading out from (cx, cy), each a full-size rect. Returned as SVG text (defs and rects).
 */
function backdrop(
  width: number,
  height: number,
  linear: { id: string; stops: string },
  glow: { id: string; cx: string; cy: string; r: string; opacity: string },
): string {
  return `<defs>
  <linearGradient id="${linear.id}" x1="0" y1="0" x2="1" y2="1">
    ${linear.stops}
  </linearGradient>
  <radialGradient id="${glow.id}" cx="${glow.cx}" cy="${glow.cy}" r="${glow.r}">
    <stop offset="0" stop-color="#ffffff" stop-opacity="${glow.opacity}"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
  </radialGradient>
</defs>
<rect width="${width}" height="${height}" fill="url(#${linear.id})"/>
<rect width="${width}" height="${height}" fill="url(#${glow.id})"/>`;
}

/** 256x256 WebP avatar: initials centred on a diagonal gradient (safe to crop to a circle). */
export async function renderAvatar(input: { name: string; hue: number }): Promise<Buffer> {
  const hue = ((Math.round(input.hue) % 360) + 360) % 360;
  const r = rng(hashString(input.name));
  const text = escapeXml(initials(input.name));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
${backdrop(256, 256, { id: 'a', stops: `<stop offset="0" stop-color="${hsl(hue, 72, 58)}"/><stop offset="1" stop-color="${hsl(hue + 38, 68, 36)}"/>` }, { id: 'g', cx: '30%', cy: '25%', r: '60%', opacity: '0.35' })}
<circle cx="${(190 + r() * 30).toFixed(0)}" cy="${(200 + r() * 30).toFixed(0)}" r="${(60 + r() * 20).toFixed(0)}" fill="#ffffff" fill-opacity="0.08"/>
<text x="128" y="128" dy="0.35em" font-family="${FONT}" font-weight="700" font-size="${text.length > 2 ? 80 : 96}" fill="#ffffff" text-anchor="middle" letter-spacing="-2">${text}</text>
</svg>`;
  return toWebp(svg, 85);
}

/** 1600x400 WebP abstract profile banner (no text), tinted by the user's hue. */
export async function renderBanner(input: { name: string; hue: number }): Promise<Buffer> {
  const hue = ((Math.round(input.hue) % 360) + 360) % 360;
  const r = rng(hashString(input.name) ^ 0x5bd1e995);
  const shapes: string[] = [];
  for (let i = 0; i < 4; i++) {
    const base = 150 + i * 60 + r() * 30;
    const amp = 40 + r() * 60;
    const d = `M 0 ${base.toFixed(0)} C 400 ${(base - amp).toFixed(0)}, 800 ${(base + amp).toFixed(0)}, 1600 ${(base - amp / 2).toFixed(0)} L 1600 400 L 0 400 Z`;
    shapes.push(`<path d="${d}" fill="${hsl(hue + i * 14, 60, 30 + i * 6)}" fill-opacity="${(0.35 + i * 0.1).toFixed(2)}"/>`);
  }
  for (let i = 0; i < 6; i++) {
    shapes.push(
      `<circle cx="${(r() * 1600).toFixed(0)}" cy="${(r() * 260).toFixed(0)}" r="${(20 + r() * 90).toFixed(0)}" fill="#ffffff" fill-opacity="${(0.05 + r() * 0.08).toFixed(2)}"/>`,
    );
  }
  shapes.push(
    `<circle cx="${(1100 + r() * 300).toFixed(0)}" cy="${(100 + r() * 100).toFixed(0)}" r="160" fill="none" stroke="#ffffff" stroke-opacity="0.2" stroke-width="3"/>`,
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="400" viewBox="0 0 1600 400">
${backdrop(
  1600,
  400,
  {
    id: 'b',
    stops: `<stop offset="0" stop-color="${hsl(hue, 58, 22)}"/><stop offset="0.6" stop-color="${hsl(hue + 30, 62, 38)}"/><stop offset="1" stop-color="${hsl(hue + 70, 70, 52)}"/>`,
  },
  { id: 's', cx: '80%', cy: '20%', r: '50%', opacity: '0.3' },
)}
${shapes.join('')}
</svg>`;
  return toWebp(svg);
}
