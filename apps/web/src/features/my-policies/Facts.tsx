import type { ReactNode } from 'react';

/** Label and value pairs of a policy's sections. */
export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="policy-card-facts mb-0">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

