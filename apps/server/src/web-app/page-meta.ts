import type { InitialData } from './initial-data';
import { routeMatches } from './route-match';

/**
 * What a page says about itself to whoever fetches it without running it: the title, the meta
 * description, and the Open Graph and Twitter card tags messaging apps and social sites read to draw
 * a preview of a shared link (issue 20). The images are drawn from the brand by
 * `npm run brand:images` into apps/web/public/og, one per kind of page.
 */
export interface PageMeta {
  title: string;
  description: string;
  /** Path of a 1200x630 PNG in the built web app. */
  image: string;
  imageAlt: string;
  /** Whether the page is the same for everyone at this address, so the address can be named (og:url). */
  shareable: boolean;
}

export const BRAND = 'Flexible Hurricane Protection';

/** The previews the build ships (apps/web/public/og), every one 1200x630. */
export const PREVIEW_IMAGES = {
  home: '/og/home.png',
  product: '/og/product.png',
  faq: '/og/faq.png',
  proof: '/og/proof.png',
} as const;

const HOME_DESCRIPTION =
  'Parametric hurricane cover for Grenada and Dominica. No claim to file: payouts go to your credit union account within 15 days of a qualifying storm.';
const HOME_IMAGE_ALT = 'Flexible Hurricane Protection: hurricane cover that pays by itself, in Grenada and Dominica.';

/** A description as previews show it: one paragraph, cut at a word before `max` characters. */
export function shortDescription(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).replace(/[\s,.;:]+$/, '')}…`;
}

/** The brand's name as administrators set it (page content), else ours. */
function brandOf(data: InitialData | undefined): string {
  const name = (data?.pageContent as { brand?: { name?: unknown } } | undefined)?.brand?.name;
  return typeof name === 'string' && name.trim() ? name.trim() : BRAND;
}

/** The product's landing content and name from the page's initial data, when it came with it. */
function productOf(data: InitialData | undefined, id: string): { title?: string; text?: string } {
  const landing = (data?.landingContent as Record<string, { title?: unknown; heroText?: unknown } | null> | undefined)?.[id];
  const product = (data?.products as { id?: unknown; name?: unknown; description?: unknown }[] | undefined)?.find((entry) => entry.id === id);
  const title = typeof landing?.title === 'string' ? landing.title : typeof product?.name === 'string' ? product.name : undefined;
  const text = typeof landing?.heroText === 'string' ? landing.heroText : typeof product?.description === 'string' ? product.description : undefined;
  return { title, text };
}

/** The page's name in the tab, as the web app writes it (apps/web/src/lib/usePageTitle.ts). */
const titled = (page: string, brand: string) => (page === brand ? brand : `${page} | ${brand}`);

/** The meta of the page at `path`; pages without their own (signed-in screens, unknown addresses) get the brand's. */
export function pageMetaFor(path: string, data?: InitialData): PageMeta {
  const brand = brandOf(data);
  const home: PageMeta = { title: brand, description: HOME_DESCRIPTION, image: PREVIEW_IMAGES.home, imageAlt: HOME_IMAGE_ALT, shareable: false };
  const page = (title: string, description: string, image: string, imageAlt: string): PageMeta => ({
    title: titled(title, brand),
    description: shortDescription(description),
    image,
    imageAlt,
    shareable: true,
  });
  const productId = /^\/product\/([^/]+)/.exec(path)?.[1] ?? '';
  const product = productOf(data, productId);
  if (path === '/') return { ...home, shareable: true };
  if (routeMatches('/product/:id', path)) {
    return page(product.title ?? brand, product.text ?? HOME_DESCRIPTION, PREVIEW_IMAGES.product, 'Flexible Hurricane Protection pays a share of your cover by storm class: 10% for a tropical storm up to 100% for category 5.');
  }
  if (routeMatches('/product/:id/faq', path)) {
    return page(
      'Frequently asked questions',
      `How ${product.title ?? brand} works, what each option pays, when the money arrives and how to pay in instalments.`,
      PREVIEW_IMAGES.faq,
      'Questions and answers about Flexible Hurricane Protection.',
    );
  }
  if (routeMatches('/product/:id/buy', path)) {
    return page('Buy a policy', `Choose your cover, pick an option and pay at once or in instalments. ${HOME_DESCRIPTION}`, PREVIEW_IMAGES.product, HOME_IMAGE_ALT);
  }
  if (routeMatches('/explorer/:hash', path)) {
    return page(
      'Transaction proof',
      'A public, permanent record of a step in a hurricane policy’s life, checked back to the first entry of the proof ledger. Anyone can check it; it holds no personal data.',
      PREVIEW_IMAGES.proof,
      'A proof-ledger entry, verified.',
    );
  }
  if (path === '/terms') return page('Terms of Service', `The terms of ${brand}: cover, payments, payouts and cancellation.`, PREVIEW_IMAGES.home, HOME_IMAGE_ALT);
  if (path === '/privacy') return page('Privacy Statement', `What ${brand} keeps about you, why, and for how long.`, PREVIEW_IMAGES.home, HOME_IMAGE_ALT);
  if (path === '/sign-in') return page('Sign in', `Sign in to see your policies, payments and payouts. ${HOME_DESCRIPTION}`, PREVIEW_IMAGES.home, HOME_IMAGE_ALT);
  return home;
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The head's <title> and meta tags for `meta`; addresses are absolute, from `origin`. */
export function metaTags(meta: PageMeta, origin: string, path: string): string {
  const base = origin.replace(/\/+$/, '');
  const tag = (attribute: 'name' | 'property', key: string, value: string) => `<meta ${attribute}="${key}" content="${escapeAttribute(value)}">`;
  return [
    `<title>${escapeAttribute(meta.title)}</title>`,
    tag('name', 'description', meta.description),
    tag('property', 'og:type', 'website'),
    tag('property', 'og:site_name', BRAND),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    ...(meta.shareable ? [tag('property', 'og:url', `${base}${path}`)] : []),
    tag('property', 'og:image', `${base}${meta.image}`),
    tag('property', 'og:image:type', 'image/png'),
    tag('property', 'og:image:width', '1200'),
    tag('property', 'og:image:height', '630'),
    tag('property', 'og:image:alt', meta.imageAlt),
    tag('name', 'twitter:card', 'summary_large_image'),
    tag('name', 'twitter:title', meta.title),
    tag('name', 'twitter:description', meta.description),
    tag('name', 'twitter:image', `${base}${meta.image}`),
  ].join('');
}
