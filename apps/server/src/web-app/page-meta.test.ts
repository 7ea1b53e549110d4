import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';
import { pngSize } from '../../test/png';
import { metaTags, pageMetaFor, PREVIEW_IMAGES, shortDescription } from './page-meta';

describe('page meta', () => {
  it.each(Object.values(PREVIEW_IMAGES))('ships %s as a 1200x630 PNG small enough for messaging apps', (path) => {
    const bytes = readFileSync(join(REPO_ROOT, 'apps/web/public', path));
    expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
    expect(bytes.length).toBeLessThan(300 * 1024);
  });

  it('cuts a long description at a word, with an ellipsis', () => {
    const text = 'When a hurricane of the strength you chose passes close to your island, you get paid within 15 days. '.repeat(3);
    const short = shortDescription(text);
    expect(short.length).toBeLessThanOrEqual(200);
    expect(short).toMatch(/\w…$/);
    expect(text.startsWith(short.slice(0, -1))).toBe(true);
    expect(shortDescription('  Two\n lines  ')).toBe('Two lines');
  });

  it('takes the product page from its content, and the brand name as administrators set it', () => {
    const data = {
      pageContent: { brand: { name: 'Island Cover' } },
      landingContent: { fhp: { title: 'Storm cover', heroText: 'Paid when the storm passes close.' } },
    };
    expect(pageMetaFor('/product/fhp', data)).toMatchObject({ title: 'Storm cover | Island Cover', description: 'Paid when the storm passes close.', image: '/og/product.png' });
    expect(pageMetaFor('/', data).title).toBe('Island Cover');
    expect(pageMetaFor('/product/fhp/faq', data).description).toMatch(/^How Storm cover works/);
  });

  it('escapes what administrators typed, so no text can leave its attribute', () => {
    const meta = { ...pageMetaFor('/'), title: 'A "quoted" <b>name</b> & co' };
    const html = metaTags(meta, 'https://fhp.example/', '/');
    expect(html).toContain('<title>A &quot;quoted&quot; &lt;b&gt;name&lt;/b&gt; &amp; co</title>');
    expect(html).toContain('content="A &quot;quoted&quot; &lt;b&gt;name&lt;/b&gt; &amp; co"');
    expect(html).not.toContain('<b>');
    expect(html).toContain('<meta property="og:image" content="https://fhp.example/og/home.png">');
  });
});
