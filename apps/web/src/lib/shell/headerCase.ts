/**
 * Header case, as people write names (product decisions, "Names"): every part of a word starts
 * with a capital, the rest in lower case. Parts are split by spaces and hyphens ("jean-BAPTISTE" ->
 * "Jean-Baptiste"), and a one-letter prefix with an apostrophe is a part of its own ("d'auvergne"
 * -> "D'Auvergne", "o'neil-SMITH" -> "O'Neil-Smith"); any other apostrophe is inside a word
 * ("george's" -> "George's").
 */
export function toHeaderCase(text: string): string {
  const capital = (part: string) => part.charAt(0).toUpperCase() + part.slice(1).toLowerCase();
  const word = (w: string) =>
    w
      .split('-')
      .map((part) => {
        const prefixed = /^(\p{L})(['\u2019])(\p{L}.*)$/u.exec(part);
        return prefixed ? `${prefixed[1]!.toUpperCase()}${prefixed[2]}${capital(prefixed[3]!)}` : capital(part);
      })
      .join('-');
  return text.trim().split(/\s+/).filter(Boolean).map(word).join(' ');
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
