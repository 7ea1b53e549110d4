import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** Every path change starts at the top of the page; a link with a hash goes to its anchor instead. */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useLayoutEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, hash]);
  return null;
}
