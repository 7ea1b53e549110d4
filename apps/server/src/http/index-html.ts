import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compressPayload, type ContentEncoding } from './compression';
import { jsonForScriptElement, type InitialData } from './initial-data';

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
}

/** `/product/:id` matches `/product/fhp` (and `/product/fhp/`), `:id` never an empty segment. */
export function routeMatches(pattern: string, path: string): boolean {
  if (pattern === '/' || path === '/') return pattern === path;
  const want = pattern.split('/');
  const have = path.replace(/\/$/, '').split('/');
  return want.length === have.length && want.every((segment, i) => segment.startsWith(':') ? have[i] !== '' : segment === have[i]);
}

/**
 * index.html as built, filled per page: the page's chunks as modulepreload links and the initial
 * data as a JSON script element (not executed, so the CSP needs no inline script). Pages are
 * rendered once per distinct data and kept, compressed both ways, with their ETag: the data changes
 * at most every GRAPHQL_CACHE_TTL_MS, pages are requested far more often.
 */
export class IndexHtml {
  private readonly head: string;
  private readonly tail: string;
  private readonly preloads: RoutePreload[];
  private readonly rendered = new Map<string, RenderedPage>();
  /** `'sha256-...'` of each inline <style> of the template, for the CSP. */
  readonly inlineStyleHashes: string[];

  constructor(distDir: string) {
    const template = readFileSync(join(distDir, 'index.html'), 'utf8');
    const close = template.indexOf('</head>');
    if (close < 0) throw new Error(`${join(distDir, 'index.html')} has no </head>`);
    this.head = template.slice(0, close);
    this.tail = template.slice(close);
    const preloadsFile = join(distDir, ROUTE_PRELOADS_FILE);
    this.preloads = existsSync(preloadsFile) ? (JSON.parse(readFileSync(preloadsFile, 'utf8')) as RoutePreload[]) : [];
    this.inlineStyleHashes = [...template.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(
      ([, css]) => `'sha256-${createHash('sha256').update(css ?? '').digest('base64')}'`,
    );
  }

  /** The chunks of the page at `path` (the first matching route pattern). */
  modulesFor(path: string): string[] {
    return this.preloads.find((route) => routeMatches(route.pattern, path))?.modules ?? [];
  }

  render(path: string, data: InitialData | undefined): RenderedPage {
    const modules = this.modulesFor(path);
    const json = data === undefined ? '' : jsonForScriptElement(data);
    const key = `${modules.join(',')}\u0000${json}`;
    const known = this.rendered.get(key);
    if (known) return known;

    const links = modules.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('');
    const script = json ? `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">${json}</script>` : '';
    const text = `${this.head}${links}${script}${this.tail}`;
    const html = Buffer.from(text);
    const page: RenderedPage = {
      etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
      bodies: {
        identity: html,
        br: compressPayload(text, 'br'),
        gzip: compressPayload(text, 'gzip'),
      },
    };
    // A handful of distinct pages exist at a time (one per data state and route shape).
    if (this.rendered.size >= 64) this.rendered.delete(this.rendered.keys().next().value as string);
    this.rendered.set(key, page);
    return page;
  }
}
