/// <reference lib="dom" />
/**
 * `npm run brand:images`: draws the app's icons and the link-preview images from the brand's logo
 * (apps/web/public/brand/fhp-logo.svg) and its colours, in the system Chromium, into
 * apps/web/public (icons/, og/). The PNGs are committed: run this again after changing the logo,
 * the colours or a preview's words, and look at the result.
 *
 * Icons: 192 and 512 px for "any" purpose (the shield on a navy tile with rounded corners), the same
 * two sizes "maskable" (navy to every edge, the shield inside the central 80 % circle a launcher may
 * cut to), and a 180 px apple-touch-icon. Previews: 1200x630, what messaging apps and social sites
 * show for a shared link, one per kind of page (apps/server/src/http/page-meta.ts names them).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../apps/web/e2e/chromium';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = join(root, 'apps/web/public');
const require = createRequire(join(root, 'apps/web/package.json'));

const NAVY = '#0b2545';
const HERO = `linear-gradient(135deg, ${NAVY} 0%, #14406e 60%, #1b5c86 100%)`;
const GREEN = '#17704a';
const logo = readFileSync(join(publicDir, 'brand/fhp-logo.svg'), 'utf8');

function font(weight: number): string {
  const file = require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff2`);
  return `@font-face{font-family:Inter;font-weight:${weight};src:url(data:font/woff2;base64,${readFileSync(file).toString('base64')}) format('woff2')}`;
}
const FONTS = [400, 600, 700, 800].map(font).join('');

const page = (width: number, height: number, body: string, css = '') => `<!doctype html><html><head><style>${FONTS}
*{box-sizing:border-box;margin:0}
html,body{width:${width}px;height:${height}px;background:transparent;font-family:Inter,sans-serif}
svg{display:block;width:100%;height:100%}
${css}</style></head><body>${body}</body></html>`;

interface Icon {
  file: string;
  size: number;
  /** The tile's corner radius as a share of its size: 0 is full-bleed (maskable, Apple's). */
  radius: number;
  /** The shield's height as a share of the tile. */
  shield: number;
}

const ICONS: Icon[] = [
  { file: 'icons/icon-192.png', size: 192, radius: 0.18, shield: 0.7 },
  { file: 'icons/icon-512.png', size: 512, radius: 0.18, shield: 0.7 },
  // The safe zone of a maskable icon is the central circle of 80 % of its width: the shield
  // (as tall as it is wide, nearly) stays inside it at 56 %.
  { file: 'icons/icon-maskable-192.png', size: 192, radius: 0, shield: 0.56 },
  { file: 'icons/icon-maskable-512.png', size: 512, radius: 0, shield: 0.56 },
  { file: 'icons/apple-touch-icon.png', size: 180, radius: 0, shield: 0.62 },
];

function iconHtml(icon: Icon): string {
  const side = Math.round(icon.size * icon.shield);
  return page(
    icon.size,
    icon.size,
    `<div class="tile"><div class="mark">${logo}</div></div>`,
    `.tile{width:100%;height:100%;display:grid;place-items:center;background:${HERO};border-radius:${icon.radius * 100}%}
     .mark{width:${side}px;height:${side}px;filter:drop-shadow(0 ${icon.size / 64}px ${icon.size / 40}px rgba(0,0,0,.35))}`,
  );
}

interface Preview {
  file: string;
  eyebrow: string;
  headline: string;
  text: string;
  /** What stands on the right: the shield, the payout bars, or the proof ledger's linked blocks. */
  art: 'shield' | 'bars' | 'ledger';
}

const PREVIEWS: Preview[] = [
  {
    file: 'og/home.png',
    eyebrow: 'Parametric cover for Grenada and Dominica',
    headline: 'Hurricane cover that pays by itself',
    text: 'No claim to file: the payout goes to your credit union account within 15 days of a qualifying storm.',
    art: 'shield',
  },
  {
    file: 'og/product.png',
    eyebrow: 'Flexible Hurricane Protection',
    headline: 'Paid when the storm passes close',
    text: 'Cover from EC$1,300 to EC$270,000. Six options, from a tropical storm to category 5. No claim forms, no adjusters.',
    art: 'bars',
  },
  {
    file: 'og/faq.png',
    eyebrow: 'Flexible Hurricane Protection',
    headline: 'Questions and answers',
    text: 'How the cover works, what each option pays, when the money arrives, and how to pay in instalments.',
    art: 'shield',
  },
  {
    file: 'og/proof.png',
    eyebrow: 'FHP proof ledger',
    headline: 'Transaction proof',
    text: 'A public, permanent record of a step in a hurricane policy’s life. Anyone can check it; it holds no personal data.',
    art: 'ledger',
  },
];

/** Option T's payouts by storm class, as the landing page's chart shows them. */
const BARS = [
  ['TS', 10],
  ['Cat 1', 25],
  ['Cat 2', 35],
  ['Cat 3', 50],
  ['Cat 4', 50],
  ['Cat 5', 100],
] as const;

function art(kind: Preview['art']): string {
  if (kind === 'shield') return `<div class="shield">${logo}</div>`;
  if (kind === 'bars') {
    return `<div class="bars">${BARS.map(([label, percent]) => `<div class="bar"><span class="pct">${percent}%</span><div class="fill" style="height:${percent * 2.6}px"></div><span class="cls">${label}</span></div>`).join('')}</div>`;
  }
  const block = (n: number) => `<div class="block"><span>Block ${n}</span><i></i><i></i><i class="short"></i></div>`;
  return `<div class="ledger">${block(41)}<div class="link"></div>${block(42)}<div class="link"></div>${block(43)}<div class="check">&#10003; Verified</div></div>`;
}

function previewHtml(preview: Preview): string {
  return page(
    1200,
    630,
    `<main><div class="brand"><div class="mark">${logo}</div><span>Flexible Hurricane Protection</span></div>
     <div class="grid"><div class="words"><p class="eyebrow">${preview.eyebrow}</p><h1>${preview.headline}</h1><p class="text">${preview.text}</p></div>
     <div class="art">${art(preview.art)}</div></div>
     <footer><span>Grenada</span><span>Dominica</span><span>Payouts within 15 days</span></footer></main>`,
    `main{width:1200px;height:630px;background:${HERO};color:#fff;padding:56px 72px;display:flex;flex-direction:column}
     .brand{display:flex;align-items:center;gap:16px;font-weight:700;font-size:30px}
     .brand .mark{width:52px;height:52px}
     .grid{flex:1;display:grid;grid-template-columns:1fr 340px;gap:48px;align-items:center}
     .eyebrow{text-transform:uppercase;letter-spacing:.08em;font-weight:700;font-size:20px;color:#9fd8bb;margin-bottom:14px}
     h1{font-weight:800;font-size:68px;line-height:1.05;letter-spacing:-.01em;margin-bottom:22px}
     .text{font-size:28px;line-height:1.4;color:#dbe6f3}
     .art{display:grid;place-items:center;height:100%}
     .shield{width:300px;height:300px;filter:drop-shadow(0 12px 24px rgba(0,0,0,.35))}
     .bars{display:flex;align-items:flex-end;gap:14px;height:340px}
     .bar{display:flex;flex-direction:column;align-items:center;gap:8px;width:44px}
     .fill{width:44px;background:${GREEN};border:2px solid #2e9a68;border-radius:6px 6px 0 0}
     .pct{font-weight:700;font-size:18px}.cls{font-size:16px;color:#dbe6f3;white-space:nowrap}
     .ledger{display:flex;flex-direction:column;align-items:center}
     .block{width:260px;background:rgba(255,255,255,.1);border:2px solid rgba(255,255,255,.55);border-radius:12px;padding:14px 18px;display:flex;flex-direction:column;gap:8px}
     .block span{font-weight:700;font-size:20px}
     .block i{display:block;height:10px;border-radius:5px;background:rgba(255,255,255,.45)}.block i.short{width:60%}
     .link{width:4px;height:26px;background:#9fd8bb}
     .check{margin-top:18px;background:${GREEN};border-radius:999px;padding:8px 22px;font-weight:700;font-size:22px}
     footer{display:flex;gap:28px;font-size:22px;font-weight:600;color:#9fd8bb}
     footer span+span::before{content:'\\00b7';margin-right:28px;color:#dbe6f3}`,
  );
}

/** CRC-32 of PNG chunks. */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG of RGBA pixels, smaller than the browser's own: RGB when every pixel is opaque, each row
 * with the filter that leaves the smallest differences (the usual heuristic), deflated at level 9.
 * Previews shared in messaging apps should stay well under 300 KB.
 */
function encodePng(width: number, height: number, rgba: Uint8ClampedArray): Buffer {
  const opaque = rgba.every((value, i) => i % 4 !== 3 || value === 255);
  const channels = opaque ? 3 : 4;
  const stride = width * channels;
  const rows: Buffer[] = [];
  let previous = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(stride);
    for (let x = 0; x < width; x++) for (let c = 0; c < channels; c++) row[x * channels + c] = rgba[(y * width + x) * 4 + c]!;
    let best: Buffer | undefined;
    let bestScore = Infinity;
    for (let filter = 0; filter < 5; filter++) {
      const out = Buffer.alloc(stride + 1);
      out[0] = filter;
      let score = 0;
      for (let i = 0; i < stride; i++) {
        const a = i >= channels ? row[i - channels]! : 0;
        const b = previous[i]!;
        const c = i >= channels ? previous[i - channels]! : 0;
        const p = a + b - c;
        const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
        const predictor = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][filter]!;
        const value = (row[i]! - predictor) & 0xff;
        out[i + 1] = value;
        score += value < 128 ? value : 256 - value;
      }
      if (score < bestScore) [best, bestScore] = [out, score];
    }
    rows.push(best!);
    previous = row;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, opaque ? 2 : 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9, memLevel: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The pixels of a screenshot, read back through a canvas in the same browser. */
async function pixelsOf(tab: Page, png: Buffer, width: number, height: number): Promise<Uint8ClampedArray> {
  const values = await tab.evaluate(
    async ({ src, width, height }) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      return Array.from(context.getImageData(0, 0, width, height).data);
    },
    { src: `data:image/png;base64,${png.toString('base64')}`, width, height },
  );
  return Uint8ClampedArray.from(values);
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
try {
  const shots: { file: string; width: number; height: number; html: string; transparent: boolean }[] = [
    ...ICONS.map((icon) => ({ file: icon.file, width: icon.size, height: icon.size, html: iconHtml(icon), transparent: icon.radius > 0 })),
    ...PREVIEWS.map((preview) => ({ file: preview.file, width: 1200, height: 630, html: previewHtml(preview), transparent: false })),
  ];
  for (const shot of shots) {
    const tab = await browser.newPage({ viewport: { width: shot.width, height: shot.height } });
    await tab.setContent(shot.html);
    await tab.evaluate(() => document.fonts.ready);
    const shotPng = await tab.screenshot({ omitBackground: shot.transparent, type: 'png' });
    const png = encodePng(shot.width, shot.height, await pixelsOf(tab, shotPng, shot.width, shot.height));
    const out = join(publicDir, shot.file);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, png);
    console.log(`${shot.file} ${shot.width}x${shot.height} ${(png.length / 1024).toFixed(1)} KB`);
    await tab.close();
  }
} finally {
  await browser.close();
}
