import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium';

/*
 * The installable app and link previews (issue 20, decisions 115 and 117). Lighthouse 12 has no
 * installability audit any more: Chromium's own check (the one behind its install prompt) answers
 * through the DevTools protocol, in a profile of its own (an incognito context is never installable).
 */

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('Chromium finds the app installable: a valid manifest with its icons, start address and standalone display', async ({ baseURL }) => {
  const profile = mkdtempSync(join(tmpdir(), 'fhp-install-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS], baseURL, viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    await page.goto('/product/fhp');
    const cdp = await context.newCDPSession(page);
    // The check runs once the manifest has been fetched and parsed.
    await expect.poll(async () => (await cdp.send('Page.getAppManifest')).url).toMatch(/\/manifest\.webmanifest$/);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    expect(await cdp.send('Page.getInstallabilityErrors')).toEqual({ installabilityErrors: [] });

    const parsed = JSON.parse(manifest.data ?? '{}') as { name: string; short_name: string; start_url: string; display: string; theme_color: string; icons: { src: string; sizes: string; purpose: string }[] };
    expect(parsed).toMatchObject({ name: 'Flexible Hurricane Protection', short_name: 'FHP', start_url: '/my-policies/actual', display: 'standalone', theme_color: '#0b2545' });
    for (const purpose of ['any', 'maskable']) {
      for (const size of [192, 512]) {
        const icon = parsed.icons.find((entry) => entry.purpose === purpose && entry.sizes === `${size}x${size}`);
        expect(icon, `${purpose} ${size}`).toBeDefined();
        const response = await page.request.get(icon!.src);
        expect(response.headers()['content-type']).toBe('image/png');
        expect(pngSize(await response.body())).toEqual({ width: size, height: size });
      }
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test("Lighthouse's best-practices audits pass on the landing page a shared link opens", async ({ baseURL }) => {
  test.setTimeout(90_000);
  // Lighthouse drives a Chromium of its own through its debugging port.
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS], logLevel: 'silent' });
  try {
    const result = await lighthouse(`${baseURL}/product/fhp`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['best-practices'],
      // Best practices do not depend on the device or the network: measured as they are, quickly.
      formFactor: 'desktop',
      screenEmulation: { disabled: true },
      throttlingMethod: 'provided',
    });
    const lhr = result!.lhr;
    const failed = lhr.categories['best-practices']!.auditRefs
      .map((ref) => lhr.audits[ref.id]!)
      .filter((audit) => audit.score !== null && audit.score < 1)
      .map((audit) => `${audit.id}: ${audit.title}`);
    expect(failed).toEqual([]);
    expect(lhr.categories['best-practices']!.score).toBe(1);
  } finally {
    chrome.kill();
  }
});

test('the worker and the manifest are served to be checked on every visit, never kept stale', async ({ request }) => {
  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toMatch(/javascript/);
  expect(worker.headers()['cache-control']).toBe('no-cache');
  // Precaches the shell, never an API's answer.
  const source = await worker.text();
  expect(source).toContain('app-shell.html');
  expect(source).not.toMatch(/"url":"\/?(graphql|api|iam)\b/);
  const shell = await request.get('/app-shell.html', { headers: { accept: '*/*' } });
  expect(shell.status()).toBe(200);
  expect(shell.headers()['cache-control']).toBe('no-cache');
  expect(shell.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(await shell.text()).toContain('<div id="root"></div>');
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  expect(manifest.headers()['cache-control']).toBe('no-cache');
});

test.describe('link previews', () => {
  for (const path of ['/', '/product/fhp']) {
    test(`${path} answers Accept: */* with HTML, its Open Graph tags, and an image that answers`, async ({ request }) => {
      const response = await request.get(path, { headers: { accept: '*/*' } });
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toMatch(/^text\/html/);
      const html = await response.text();
      const tag = (key: string) => new RegExp(`<meta (?:property|name)="${key.replace(':', '\\:')}" content="([^"]+)">`).exec(html)?.[1];
      expect(tag('og:title')).toMatch(/Flexible Hurricane Protection/);
      expect(tag('og:description')!.length).toBeGreaterThan(40);
      expect(tag('description')).toBe(tag('og:description'));
      expect(tag('twitter:card')).toBe('summary_large_image');
      const image = await request.get(new URL(tag('og:image')!).pathname);
      expect(image.headers()['content-type']).toBe('image/png');
      expect(pngSize(await image.body())).toEqual({ width: 1200, height: 630 });
    });
  }
});
