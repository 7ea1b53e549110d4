/*
 * Focus while a dialog is open (WCAG 2.4.3). React-Bootstrap's Modal and Offcanvas are portalled to
 * <body> as `[aria-modal="true"]` elements; this module watches for them, whoever renders them:
 *   - the app behind an open dialog (#root) is `inert`, and so is a dialog under another one, so
 *     neither pointer nor keyboard nor screen reader reaches what the dialog covers;
 *   - Tab from the last control of the top dialog goes to its first, Shift+Tab from the first to its
 *     last (left alone, focus would leave the page for the browser's own controls);
 *   - when the last dialog has closed and focus fell on the page body (the control that opened it
 *     was disabled while it worked, or re-rendered), focus goes back to the control or field that
 *     had it before the dialog opened.
 */

/** Dialogs in the page, open or fading in or out, in the order they were opened. */
export function dialogsInPage(doc: Document): HTMLElement[] {
  return [...doc.querySelectorAll<HTMLElement>('[aria-modal="true"]')];
}

/** Dialogs shown (not fading out): Bootstrap marks them `show` (Offcanvas `showing` while it slides in). */
function openDialogs(doc: Document): HTMLElement[] {
  return dialogsInPage(doc).filter((el) => (el.classList.contains('show') || el.classList.contains('showing')) && !el.classList.contains('hiding'));
}

const TABBABLE = 'a[href], area[href], button, input, select, textarea, iframe, summary, [contenteditable="true"], [tabindex]';

/** What Tab stops at inside `container`, in order (tabindex order is not used in the app). */
export function tabbablesIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => {
    if (el.tabIndex < 0 || el.closest('[inert], [hidden]') || (el as HTMLButtonElement).disabled) return false;
    if (el instanceof HTMLInputElement && el.type === 'hidden') return false;
    // Drawn (display, visibility); a browser without checkVisibility (or jsdom) counts it as drawn.
    return typeof el.checkVisibility === 'function' ? el.checkVisibility({ visibilityProperty: true }) : true;
  });
}

function canTakeFocus(el: HTMLElement | null): el is HTMLElement {
  return el !== null && el.isConnected && !el.closest('[inert]') && !(el as HTMLButtonElement).disabled;
}

/** How long after the last dialog closed focus is checked: React-Bootstrap restores it in an effect first. */
export const RETURN_CHECK_MS = 80;

/** Starts watching; answers the function that stops. */
export function installDialogFocus(doc: Document = document): () => void {
  const win = doc.defaultView ?? window;
  const root = doc.getElementById('root');
  const watched = new Set<HTMLElement>();
  let lastOutside: HTMLElement | null = null;
  let returnTo: HTMLElement | null = null;
  let wasOpen = false;
  let returnTimer: ReturnType<typeof setTimeout> | undefined;

  const update = () => {
    const open = openDialogs(doc);
    const top = open.at(-1) ?? null;
    root?.toggleAttribute('inert', top !== null);
    for (const dialog of dialogsInPage(doc)) dialog.toggleAttribute('inert', open.includes(dialog) && dialog !== top);
    if (top && !wasOpen) {
      returnTo = lastOutside;
      clearTimeout(returnTimer);
    }
    wasOpen = top !== null;
    // Once the last dialog has faded out and left the page.
    if (!top && returnTo && dialogsInPage(doc).length === 0) {
      const target = returnTo;
      returnTo = null;
      returnTimer = setTimeout(() => {
        const active = doc.activeElement;
        if ((active === null || active === doc.body) && canTakeFocus(target)) target.focus();
      }, RETURN_CHECK_MS);
    }
  };

  // A dialog's classes change as it fades in and out; the body's children come and go with it.
  const classes = new MutationObserver(update);
  const children = new MutationObserver(() => {
    for (const dialog of dialogsInPage(doc)) {
      if (watched.has(dialog)) continue;
      watched.add(dialog);
      classes.observe(dialog, { attributes: true, attributeFilter: ['class'] });
    }
    for (const dialog of watched) if (!dialog.isConnected) watched.delete(dialog);
    update();
  });
  children.observe(doc.body, { childList: true });

  const onFocusIn = (event: FocusEvent) => {
    const target = event.target;
    if (target instanceof win.HTMLElement && target !== doc.body && !target.closest('[aria-modal="true"]')) lastOutside = target;
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || event.defaultPrevented) return;
    const top = openDialogs(doc).at(-1);
    if (!top) return;
    const stops = tabbablesIn(top);
    const active = doc.activeElement as HTMLElement | null;
    const first = stops[0] ?? top;
    const last = stops.at(-1) ?? top;
    const outside = !active || !top.contains(active);
    if (event.shiftKey && (outside || active === first || active === top)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (outside || active === last)) {
      event.preventDefault();
      first.focus();
    }
  };
  doc.addEventListener('focusin', onFocusIn, true);
  doc.addEventListener('keydown', onKeyDown, true);
  update();

  return () => {
    children.disconnect();
    classes.disconnect();
    clearTimeout(returnTimer);
    doc.removeEventListener('focusin', onFocusIn, true);
    doc.removeEventListener('keydown', onKeyDown, true);
    root?.removeAttribute('inert');
  };
}
