import { actualPolicyPath, trackerPath } from '../policyPaths';
import { replacePlaceholders, type HolderTerms } from './placeholders';

export interface Crumb {
  label: string;
  /** Where the crumb leads; the last crumb (the current page) and crumbs that are no page have none. */
  path?: string;
}

export type CrumbLabels = readonly { segment: string; label: string }[];

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // A malformed escape is shown as written.
    return segment;
  }
}

/** A segment's configured label (page content `breadcrumbs`), else the segment as written, decoded. */
export function segmentLabel(segment: string, labels: CrumbLabels, terms?: HolderTerms): string {
  return replacePlaceholders(labels.find((entry) => entry.segment === segment)?.label ?? decoded(segment), terms);
}

/**
 * Breadcrumbs from the path segments of the current address, each mapped to its configured
 * label (page content `breadcrumbs`). A segment without a label (usually an id, e.g. a policy
 * number) is shown as written, decoded. Every crumb but the last links to the address up to it,
 * when that address is a page (`isPage`; all of them when not given): "My Policies" alone is a
 * heading of the sidebar, not a page.
 */
export function buildBreadcrumbs(pathname: string, labels: CrumbLabels, terms?: HolderTerms, isPage: (path: string) => boolean = () => true): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  return segments.map((segment, index) => {
    const label = segmentLabel(segment, labels, terms);
    const path = `/${segments.slice(0, index + 1).join('/')}`;
    const isLast = index === segments.length - 1;
    return isLast || !isPage(path) ? { label } : { label, path };
  });
}

/** What a route that builds its own trail gets: its params, the query string and the labels. */
export interface CrumbInput {
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
  labels: CrumbLabels;
  terms?: HolderTerms;
}

/** Crumbs a route builds itself, where its parents are not the prefixes of its path. */
export type CrumbBuilder = (input: CrumbInput) => Crumb[];

/** My Policies > Actual > the policy (its detail page): above the tracker and its storm detail. */
function policyTrail({ labels, terms }: CrumbInput, policyNumber: string): Crumb[] {
  return [
    { label: segmentLabel('my-policies', labels, terms) },
    { label: segmentLabel('actual', labels, terms), path: '/my-policies/actual' },
    { label: policyNumber, path: actualPolicyPath(policyNumber) },
  ];
}

/**
 * The Tropical Cyclone Tracker (/my-policies/actual/weather-analytics/:id, the id a policy number)
 * sits under its policy, not under a "weather-analytics" page, which does not exist.
 */
export const trackerCrumbs: CrumbBuilder = (input) => {
  const policyNumber = input.params.id ?? '';
  return [...policyTrail(input, policyNumber), { label: segmentLabel('weather-analytics', input.labels, input.terms) }];
};

/** A storm's detail (/my-policies/actual/weather-analytics/api-detail/:id?policy=...) sits under its policy's tracker. */
export const trackerDetailCrumbs: CrumbBuilder = (input) => {
  const policyNumber = input.search.get('policy');
  const tracker = segmentLabel('weather-analytics', input.labels, input.terms);
  const storm = { label: input.params.id ?? '' };
  if (!policyNumber) return [{ label: segmentLabel('my-policies', input.labels, input.terms) }, { label: tracker }, storm];
  return [...policyTrail(input, policyNumber), { label: tracker, path: trackerPath(policyNumber) }, storm];
};
