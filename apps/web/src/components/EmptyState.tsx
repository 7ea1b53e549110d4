import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  children?: ReactNode;
  /** Heading level that fits the page outline; defaults to h2. */
  headingLevel?: 'h2' | 'h3';
}

/** Shown when a list has nothing to show, so the page never looks broken. */
export function EmptyState({ title, children, headingLevel: Heading = 'h2' }: EmptyStateProps) {
  return (
    <div className="text-center py-5 px-3 border rounded-3 bg-light">
      <svg className="empty-state-icon mb-3" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect x="10" y="14" width="44" height="36" rx="5" fill="#e7ecf4" stroke="#0b2545" strokeWidth="2.5" />
        <path d="M10 26h44" stroke="#0b2545" strokeWidth="2.5" />
        <path d="M22 38h20" stroke="#4a5568" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <Heading className="h5">{title}</Heading>
      {children ? <div className="text-body-secondary mb-0">{children}</div> : null}
    </div>
  );
}
