import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compressPayload, type ContentEncoding } from '../http/compression';
import { jsonForScriptElement, type InitialData } from './initial-data';
import { routeMatches } from './route-match';

/** The element the web app reads its initial data from (apps/web/src/lib/initial-data). */
export const INITIAL_DATA_ELEMENT_ID = 'fhp-initial-data';

/**
 * Written by the web build beside index.html (apps/web/build/route-preloads.ts): for each public
 * route pattern, the chunks its page needs, so index.html can ask for them at once instead of after
 * the app's entry has run.
 */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

export interface RenderedPage {
  etag: string;
  bodies: Record<ContentEncoding | 'identity', Buffer>;
}

interface RoutePreload {
  pattern: string;
  modules: string[];
  /** The stylesheets those chunks import: linked in the head, so a prerendered page is drawn styled. */
  styles?: string[];
}

/**
 * The web's prerender of its public pages (apps/web/src/entry-server.tsx, built by
 * `vite build --ssr` into dist-ssr beside dist): the HTML of `#root` for a page URL and its initial
 * data, or null for a page it does not prerender.
 */
export type Prerender = (url: string, data: InitialData) => Promise<string | null>;

/** Where the build puts the prerender, relative to the web app's dist folder. */
export const PRERENDER_MODULE = '../dist-ssr/entry-server.js';

/** The prerender of the build in `distDir`, when that build has one. */
export async function loadPrerender(distDir: string): Promise<Prerender | undefined> {
  const file = resolve(distDir, PRERENDER_MODULE);
  if (!existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as { render?: unknown };
  return typeof module.render === 'function' ? (module.render as Prerender) : undefined;
}

const ROOT_ELEMENT = '<div id="root"></div>';
/** Distinct pages kept: a handful of routes times the data states of the last few seconds. */
const MAX_KEPT = 64;

function keep<V>(map: Map<string, V>, key: string, value: V): V {
  if (map.size >= MAX_KEPT) map.delete(map.keys().next().value as string);
  map.set(key, value);
  return value;
}

/** Written by the web build (from apps/web/src/hydrate.js): the web fonts, then the scripts, after the first paint. */
export const HYDRATE_SCRIPT = '/hydrate.js';

const MODULE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The head of a prerendered page: its module script and preloads replaced by the hydrate script,
 * which asks for them once the page has been painted. Unchanged when the head has no module script.
 */
export function withScriptsAfterPaint(head: string): string {
  const entry = MODULE_SCRIPT.exec(head)?.[1];
  if (!entry) return head;
  const modules = [...head.matchAll(MODULE_PRELOAD)].map(([, href]) => href);
  const rest = head.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, '');
  return `${rest}<script defer src="${HYDRATE_SCRIPT}" data-entry="${entry}" data-modules="${modules.join(' ')}"></script>`;
}

export interface IndexHtmlOptions {
  prerender?: Prerender;
  /** Told when the prerender fails; the page is then sent without it, and the browser renders it. */
  onPrerenderError?: (error: unknown, path: string) => void;
}

/**
 * index.html as built, filled per page: the page's chunks as modulepreload links, the initial
 * data as a JSON script element (not executed, so the CSP needs no inline script) and, for the
 * public pages the web prerenders, their HTML inside `#root`. Pages are made once per distinct data
 * and kept, compressed both ways, with their ETag: the data changes at most every
 * GRAPHQL_CACHE_TTL_MS, pages are requested far more often.
 */
export class IndexHtml {
  private readonly head: string;
  /** The head without the template's own title and description, for pages given their own. */
  private readonly headWithoutMeta: string;
  /** From </head> to the root element's content, and from there to the end. */
  private readonly body: [string, string];
  private readonly preloads: RoutePreload[];
  private readonly pages = new Map<string, RenderedPage>();
  private readonly roots = new Map<string, Promise<string | null>>();
  /** `'sha256-...'` of each inline <style> of the template, for the CSP. */
  readonly inlineStyleHashes: string[];
  /** Whether the build has hydrate.js, to defer a prerendered page's scripts with. */
  private readonly hydrateScript: boolean;

  constructor(
    distDir: string,
    private readonly options: IndexHtmlOptions = {},
  ) {
    const template = readFileSync(join(distDir, 'index.html'), 'utf8');
    const close = template.indexOf('</head>');
    if (close < 0) throw new Error(`${join(distDir, 'index.html')} has no </head>`);
    this.head = template.slice(0, close);
    this.headWithoutMeta = this.head.replace(/<title>[\s\S]*?<\/title>/, '').replace(/<meta\s+name="description"[^>]*>/, '');
    const rest = template.slice(close);
    const root = rest.indexOf(ROOT_ELEMENT);
    // Without an empty root element there is nowhere to put a prerendered page.
    this.body = root < 0 ? [rest, ''] : [rest.slice(0, root + ROOT_ELEMENT.length - '</div>'.length), rest.slice(root + ROOT_ELEMENT.length - '</div>'.length)];
    if (root < 0) this.options = { ...options, prerender: undefined };
    this.hydrateScript = existsSync(join(distDir, HYDRATE_SCRIPT.slice(1)));
    const preloadsFile = join(distDir, ROUTE_PRELOADS_FILE);
    this.preloads = existsSync(preloadsFile) ? (JSON.parse(readFileSync(preloadsFile, 'utf8')) as RoutePreload[]) : [];
    this.inlineStyleHashes = [...template.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(
      ([, css]) => `'sha256-${createHash('sha256').update(css ?? '').digest('base64')}'`,
    );
  }

  /** The chunks of the page at `path` (the first matching route pattern). */
  modulesFor(path: string): string[] {
    return this.routeOf(path)?.modules ?? [];
  }

  /** The stylesheets the chunks of the page at `path` import. */
  stylesFor(path: string): string[] {
    return this.routeOf(path)?.styles ?? [];
  }

  private routeOf(path: string): RoutePreload | undefined {
    return this.preloads.find((route) => routeMatches(route.pattern, path));
  }

  /** The prerendered `#root` of the page, once per path and data; null when not prerendered. */
  private rootFor(path: string, data: InitialData | undefined, json: string): Promise<string | null> {
    const { prerender, onPrerenderError } = this.options;
    if (!prerender || data === undefined) return Promise.resolve(null);
    const key = `${path}\u0000${json}`;
    const known = this.roots.get(key);
    if (known) return known;
    const made = prerender(`http://localhost${path}`, data).catch((error: unknown) => {
      onPrerenderError?.(error, path);
      return null;
    });
    return keep(this.roots, key, made);
  }

  /**
   * The page at `path`. `meta`, when given, replaces the template's title and description (the
   * page's own, with its link-preview tags: page-meta.ts).
   */
  async render(path: string, data: InitialData | undefined, meta = ''): Promise<RenderedPage> {
    const json = data === undefined ? '' : jsonForScriptElement(data);
    const root = await this.rootFor(path, data, json);
    const modules = this.modulesFor(path);
    // A prerendered page is its path's own; the others are the same for every path of a route.
    const key = `${root === null ? modules.join(',') : path}\u0000${json}\u0000${meta}`;
    const known = this.pages.get(key);
    if (known) return known;

    // Stylesheets first: they block the first paint (as the page's own must), the chunks do not.
    const styles = this.stylesFor(path).map((href) => `<link rel="stylesheet" crossorigin href="${href}">`);
    const links = [...styles, ...modules.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`)].join('');
    const script = json ? `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">${json}</script>` : '';
    const head = `${meta ? `${this.headWithoutMeta}${meta}` : this.head}${links}${script}`;
    // A prerendered page is drawn by its HTML and CSS; the fonts and then the scripts are asked
    // for once it has been painted (hydrate.js), leaving the bandwidth to the stylesheets first.
    const text = `${root === null || !this.hydrateScript ? head : withScriptsAfterPaint(head)}${this.body[0]}${root ?? ''}${this.body[1]}`;
    const html = Buffer.from(text);
    return keep(this.pages, key, {
      etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
      bodies: {
        identity: html,
        br: compressPayload(text, 'br'),
        gzip: compressPayload(text, 'gzip'),
      },
    });
  }
}
