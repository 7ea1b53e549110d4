import { useState } from 'react';
import { initialsOf } from '../../lib/shell/headerCase';

/**
 * The user's picture, or generated initials when there is none (or it fails to load). Decorative:
 * the name is always written beside it.
 */
export function Avatar({ name, image, size = 40 }: { name: string; image?: string | null; size?: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  const style = { width: size, height: size, fontSize: size * 0.4 };
  if (image && failed !== image) {
    return <img className="avatar" src={image} alt="" style={style} onError={() => setFailed(image)} />;
  }
  return (
    <span className="avatar avatar-initials" style={style} aria-hidden="true" data-testid="avatar-initials">
      {initialsOf(name)}
    </span>
  );
}
