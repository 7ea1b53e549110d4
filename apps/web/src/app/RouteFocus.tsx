import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { installDialogFocus } from '../lib/a11y/dialogFocus';
import { focusNewPage } from '../lib/a11y/pageFocus';

/**
 * Where focus goes as the visitor moves around (WCAG 2.4.3): to the new page's heading after each
 * path change (not on the first page of a visit, which keeps the browser's own start), and inside
 * dialogs while they are open (lib/a11y).
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);

  useEffect(() => installDialogFocus(document), []);

  useEffect(() => {
    // Compared, not counted: effects run twice under StrictMode.
    if (shown.current === pathname) return;
    shown.current = pathname;
    return focusNewPage(document);
  }, [pathname]);

  return null;
}
