import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Table, { type TableProps } from 'react-bootstrap/Table';
import { displayMessageOf } from '../lib/graphql/errors';
import { LoadingScreen } from './LoadingScreen';

/** What a list's query tells about itself (a TanStack Query result has these). */
export interface ListQueryState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

interface StaffListProps<T> {
  query: ListQueryState;
  /** The rows, once the query has answered. */
  rows: readonly T[] | undefined;
  /** While it loads: the loading screen's sentence, or a smaller indicator of the list's own. */
  loading: ReactNode;
  /** With no row: usually an EmptyState with the list's own words. */
  empty: ReactNode;
  /** A failure as the list tells it; by default the server's sentence in a red alert. */
  failure?: (error: unknown) => ReactNode;
  children: (rows: readonly T[]) => ReactNode;
}

function failureAlert(error: unknown): ReactNode {
  return (
    <Alert variant="danger" role="alert">
      {displayMessageOf(error)}
    </Alert>
  );
}

/**
 * The four states every staff list goes through, in one place: loading, failed, empty, rows.
 * A failure wins over rows already shown (a refresh that failed is said, not hidden).
 */
export function StaffList<T>({ query, rows, loading, empty, failure = failureAlert, children }: StaffListProps<T>) {
  if (query.isPending) return typeof loading === 'string' ? <LoadingScreen label={loading} /> : loading;
  if (query.isError || !rows) return failure(query.error);
  if (rows.length === 0) return empty;
  return children(rows);
}

/**
 * A table that may be wider than a phone: it scrolls sideways inside a region that takes focus, so
 * the keyboard can scroll it (WCAG 2.1.1), and is named, so a screen reader says which table it is.
 */
export function ScrollTable({ label, children, ...table }: TableProps & { label: string }) {
  return (
    <div className="table-responsive" role="region" aria-label={label} tabIndex={0}>
      <Table {...table}>{children}</Table>
    </div>
  );
}
