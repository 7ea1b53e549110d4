import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long after a path change the previous page's position is kept from coming back. */
export const HOLD_TOP_MS = 600;
const USER_INPUT_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/** A jump, never an animation: Bootstrap sets `scroll-behavior: smooth` on the root element. */
function jumpToTop(): void {
  const root = document.documentElement;
  const before = root.style.scrollBehavior;
  root.style.scrollBehavior = 'auto';
  window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  root.style.scrollBehavior = before;
}

/**
 * Every path change starts at the top of the page (spec part 1 section 2); a link with a hash goes
 * to its anchor instead. The first page of a visit is left where it is. The browser's own scroll restoration is off, so it never puts an old
 * position back after ours (back and forward start at the top too, as the spec says). For a moment
 * after the jump, one check per frame, the page is taken back to the top if it returns to where
 * the previous page was (a smooth scroll still running towards it, a restoration or an anchoring
 * that lands after a lazy page's first paint). Any other position is left alone (a field that
 * focuses itself, a hash link), and so is everything once the visitor scrolls, taps or types.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const lastY = useRef(0);
  const first = useRef(true);

  useLayoutEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const remember = () => {
      lastY.current = window.scrollY;
    };
    remember();
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);

  useLayoutEffect(() => {
    const previousY = lastY.current;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    const initial = first.current;
    first.current = false;
    if (target) {
      target.scrollIntoView();
      return;
    }
    // The first page of a visit is where the browser put it: at the top, or wherever the visitor
    // scrolled a prerendered page to before its scripts arrived (yanking them back would be wrong).
    if (initial) return;
    jumpToTop();
    lastY.current = 0;
    if (previousY <= 0) return;

    const until = performance.now() + HOLD_TOP_MS;
    let frame = 0;
    const stop = () => {
      window.cancelAnimationFrame(frame);
      for (const type of USER_INPUT_EVENTS) window.removeEventListener(type, stop, true);
    };
    const hold = () => {
      if (Math.abs(window.scrollY - previousY) < 2) jumpToTop();
      if (performance.now() < until) frame = window.requestAnimationFrame(hold);
      else stop();
    };
    for (const type of USER_INPUT_EVENTS) window.addEventListener(type, stop, { capture: true, passive: true });
    frame = window.requestAnimationFrame(hold);
    return stop;
  }, [pathname, hash]);

  return null;
}
