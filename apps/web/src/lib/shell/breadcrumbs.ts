import { replacePlaceholders, type HolderTerms } from './placeholders';

export interface Crumb {
  label: string;
  /** Where the crumb leads; the last crumb (the current page) has none. */
  path?: string;
}

/**
 * Breadcrumbs from the path segments of the current address, each mapped to its configured
 * label (page content `breadcrumbs`). A segment without a label (usually an id, e.g. a policy
 * number) is shown as written, decoded. Every crumb but the last links to the address up to it.
 */
export function buildBreadcrumbs(
  pathname: string,
  labels: readonly { segment: string; label: string }[],
  terms?: HolderTerms,
): Crumb[] {
  const bySegment = new Map(labels.map((entry) => [entry.segment, entry.label]));
  const segments = pathname.split('/').filter(Boolean);
  return segments.map((segment, index) => {
    let decoded = segment;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      // A malformed escape is shown as written.
    }
    const label = replacePlaceholders(bySegment.get(segment) ?? decoded, terms);
    const isLast = index === segments.length - 1;
    return isLast ? { label } : { label, path: `/${segments.slice(0, index + 1).join('/')}` };
  });
}
