import { useEffect } from 'react';

const SUFFIX = 'Flexible Hurricane Protection';

/** Each page names itself in the tab and for screen readers announcing the new page. */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    if (title) document.title = title === SUFFIX ? SUFFIX : `${title} | ${SUFFIX}`;
  }, [title]);
}
