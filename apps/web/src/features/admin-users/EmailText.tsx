import { Fragment } from 'react';

/**
 * An email address that wraps, when it must, after its "@", the way people read it ("purchaser@" /
 * "fhp.example"); only a part too long for the line at all is split. Breaking anywhere let a narrow
 * table squeeze the column to a few letters a line.
 */
export function EmailText({ email, className = 'user-email' }: { email: string; className?: string }) {
  const parts = email.split(/(?<=@)/);
  return (
    <span className={className}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
