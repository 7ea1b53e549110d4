import { useState } from 'react';
import { initialsOf } from '../../lib/shell/headerCase';
import { useFileUrl } from '../../lib/useFileUrl';

/**
 * The user's picture, or generated initials when there is none (or it fails to load). Decorative:
 * the name is always written beside it.
 */
export function Avatar({ name, image, size = 40 }: { name: string; image?: string | null; size?: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  // A stored photo needs the bearer token: it arrives as a blob: URL (initials until then).
  const src = useFileUrl(image);
  const style = { width: size, height: size, fontSize: size * 0.4 };
  if (src && failed !== src) {
    return <img className="avatar" src={src} alt="" style={style} onError={() => setFailed(src)} />;
  }
  // The initials stand in for a picture: drawn as generated content, they are no text of the page,
  // so the menu around them is named (and said by voice control) by the person's name alone.
  return <span className="avatar avatar-initials" style={style} aria-hidden="true" data-testid="avatar-initials" data-initials={initialsOf(name)} />;
}
