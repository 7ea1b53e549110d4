import type { ReactNode } from 'react';

/** One term and its value in an explorer list (`<dl className="explorer-list">`); `mono` for hashes and ids. */
export function Row({ term, mono = false, children }: { term: string; mono?: boolean; children: ReactNode }) {
  return (
    <div className="explorer-row">
      <dt>{term}</dt>
      <dd className={mono ? 'explorer-mono' : undefined}>{children}</dd>
    </div>
  );
}
