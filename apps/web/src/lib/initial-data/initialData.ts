/**
 * Answers the server put into index.html for the first screen (docs/architecture.md, "Initial
 * data"): a `<script type="application/json" id="fhp-initial-data">` element, which the browser
 * never executes (so the CSP needs no inline script). It is read once at start and serves the
 * queries of the page it came with, until the visitor goes to another page (app/router.tsx calls
 * `forgetInitialData`): later screens fetch as before. Not "once per answer": React may render a
 * screen, drop that render and render it again, and the second render must find the data too.
 * A page without the element (Vite's dev server, an older server) simply fetches everything.
 *
 * Shape, by root field of the GraphQL schema: `pageContent`, `currentSeason`, `products`, and for
 * fields with an argument a map by that argument (`landingContent[productId]`, `getFAQ[dashboard]`).
 * The server selects every field of these types, a superset of what any screen asks for.
 */
export const INITIAL_DATA_ELEMENT_ID = 'fhp-initial-data';

type Store = Record<string, unknown>;

let store: Store | undefined;

function read(): Store {
  if (store) return store;
  store = {};
  const element = typeof document === 'undefined' ? null : document.getElementById(INITIAL_DATA_ELEMENT_ID);
  if (element?.textContent) {
    try {
      const parsed: unknown = JSON.parse(element.textContent);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) store = parsed as Store;
    } catch {
      // A damaged element is as good as none: the screens fetch their data.
    }
  }
  element?.remove();
  return store;
}

/**
 * The inlined answer of `field` (under `argument` for fields with one); undefined when the page did
 * not carry it, or once the visitor has left that page. The caller names the type its own document
 * expects.
 */
export function takeInitialData<T>(field: string, argument?: string): T | undefined {
  const data = read();
  if (!(field in data)) return undefined;
  if (argument === undefined) return data[field] as T;
  const byArgument = data[field];
  if (!byArgument || typeof byArgument !== 'object' || !(argument in byArgument)) return undefined;
  return (byArgument as Record<string, unknown>)[argument] as T;
}

/** The visitor left the page the data came with: from now on every screen fetches its own. */
export function forgetInitialData(): void {
  store = {};
}

/**
 * Query options that start a query from the inlined answer, when there is one, and treat it as
 * fresh (it left the server with this page) until the query fetches again: the screen draws at
 * once, without a loading state and without asking the network for what it was just sent.
 */
export function initialDataOptions<T>(field: string, argument?: string) {
  return {
    initialData: () => takeInitialData<T>(field, argument),
    // Data from the page has never been fetched by the query (no update yet): fresh until refetched.
    staleTime: (query: { state: { dataUpdateCount: number } }) => (query.state.dataUpdateCount === 0 ? Infinity : 0),
  };
}

/**
 * The server's prerender (entry-server.tsx) hands over the data it renders the page from; the
 * render is synchronous, so it sets it, renders, and clears it (undefined).
 */
export function provideInitialData(data: Store | undefined): void {
  store = data ?? undefined;
}

/** Tests only: start over, so the next read looks at the document again. */
export function resetInitialDataForTests(): void {
  store = undefined;
}
