/** `/product/:id` matches `/product/fhp` (and `/product/fhp/`), `:id` never an empty segment. */
export function routeMatches(pattern: string, path: string): boolean {
  if (pattern === '/' || path === '/') return pattern === path;
  const want = pattern.split('/');
  const have = path.replace(/\/$/, '').split('/');
  return want.length === have.length && want.every((segment, i) => segment.startsWith(':') ? have[i] !== '' : segment === have[i]);
}
