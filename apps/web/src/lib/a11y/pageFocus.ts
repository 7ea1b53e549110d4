import { dialogsInPage } from './dialogFocus';

/** How long a new page may take to draw its heading; then focus settles on its main region. */
export const HEADING_WAIT_MS = 8000;

/**
 * After a route change, focus goes to the new page's first-level heading, or to its `<main>` when
 * it has none (WCAG 2.4.3), as each purchase step does for its own heading (useStepHeadingFocus):
 * keyboard and screen-reader users start at the top of what they opened instead of on the link they
 * left, or on nothing. A lazy page draws its heading late, so this waits for it, and for any dialog
 * (the phone menu sliding shut) to be gone. It steps aside when focus is put anywhere meanwhile: by
 * the page (a field that focuses itself) or by the user. Scrolling stays ScrollToTop's business.
 * Answers the function that stops waiting.
 */
export function focusNewPage(doc: Document = document, waitMs = HEADING_WAIT_MS): () => void {
  let stopped = false;
  let ours: HTMLElement | null = null;

  const focus = (target: HTMLElement) => {
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    ours = target;
    target.focus({ preventScroll: true });
  };
  /** Whether it is done: focused, or left to the page. */
  const attempt = (lastChance: boolean): boolean => {
    if (dialogsInPage(doc).length > 0) return false;
    const main = doc.getElementById('main');
    if (!main) return false;
    const active = doc.activeElement;
    if (active instanceof HTMLElement && active !== main && main.contains(active)) return true;
    const heading = main.querySelector<HTMLElement>('h1');
    if (heading) focus(heading);
    else if (lastChance) focus(main);
    return heading !== null || lastChance;
  };

  const observer = new MutationObserver(() => {
    if (attempt(false)) stop();
  });
  const timer = setTimeout(() => {
    attempt(true);
    stop();
  }, waitMs);
  // Focus moving inside a closing dialog (the phone menu) is the dialog's own business, not a choice.
  const onFocusIn = (event: FocusEvent) => {
    const target = event.target;
    if (target === ours || target === doc.body || (target instanceof Element && target.closest('[aria-modal="true"]'))) return;
    stop();
  };
  function stop() {
    if (stopped) return;
    stopped = true;
    observer.disconnect();
    clearTimeout(timer);
    doc.removeEventListener('focusin', onFocusIn, true);
  }

  if (attempt(false)) {
    stop();
  } else {
    observer.observe(doc.body, { childList: true, subtree: true });
    doc.addEventListener('focusin', onFocusIn, true);
  }
  return stop;
}
