/** "jANE o'neil-SMITH" -> "Jane O'neil-smith": each space-separated word capitalised (spec: header case). */
export function toHeaderCase(text: string): string {
  return text
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

/** The name shown beside the avatar: first and last name in header case, else the full name, else the email. */
export function displayName(user: { firstName?: string | null; lastName?: string | null; fullName?: string | null; email?: string | null }): string {
  const joined = [user.firstName, user.lastName].filter((part): part is string => Boolean(part?.trim())).join(' ');
  return toHeaderCase(joined || user.fullName || '') || user.email || '';
}

/** Up to two letters for the generated avatar: first and last initials, else the first letter of what is known. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]?.charAt(0) ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.charAt(0) ?? '') : '';
  return (first + last).toUpperCase();
}
