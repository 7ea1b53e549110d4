import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

export interface WebDist {
  dir: string;
  /** The built script, as the browser would get it uncompressed. */
  script: Buffer;
  scriptPath: string;
  remove(): void;
}

/**
 * A small stand-in for apps/web/dist as Vite builds it: index.html, a hashed script with the .br and
 * .gz the build writes beside it, and the route preload list. Big enough to be worth compressing.
 */
export function createWebDist(): WebDist {
  const dir = mkdtempSync(join(tmpdir(), 'fhp-web-dist-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>FHP</title>' +
      '<style>body{margin:0}</style>' +
      '<script type="module" crossorigin src="/assets/app-1234.js"></script></head><body><div id="root"></div></body></html>',
  );
  mkdirSync(join(dir, 'assets'));
  const script = Buffer.from(Array.from({ length: 400 }, (_, i) => `console.log("fhp ${i}");`).join('\n'));
  writeFileSync(join(dir, 'assets', 'app-1234.js'), script);
  writeFileSync(join(dir, 'assets', 'app-1234.js.gz'), gzipSync(script));
  writeFileSync(join(dir, 'assets', 'app-1234.js.br'), brotliCompressSync(script));
  writeFileSync(join(dir, 'assets', 'Landing-5678.js'), 'export const landing = 1;');
  writeFileSync(join(dir, 'hydrate.js'), '/* loads the scripts after the first paint */');
  writeFileSync(
    join(dir, 'route-preloads.json'),
    JSON.stringify([
      { pattern: '/product/:id', modules: ['/assets/Landing-5678.js'] },
      { pattern: '/', modules: ['/assets/Home-9999.js'] },
      { pattern: '/product/:id/buy', modules: ['/assets/Buy-4321.js'], styles: ['/assets/Buy-4321.css'] },
    ]),
  );
  return { dir, script, scriptPath: '/assets/app-1234.js', remove: () => rmSync(dir, { recursive: true, force: true }) };
}
