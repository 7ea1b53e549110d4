/**
 * The roles the spec names (part 1 section 6). `student` only ever appears in the route
 * blacklist and `holder` has no abilities; both are kept so a stored role is never "unknown".
 */
export const ROLE_NAMES = ['owner', 'admin', 'master admin', 'purchaser', 'teller', 'holder', 'student'] as const;

export type RoleName = (typeof ROLE_NAMES)[number];

/** The roles that share the administrator ability set. `owner` is separate: it manages everything. */
export const ADMIN_ROLES = ['admin', 'master admin'] as const satisfies readonly RoleName[];

/**
 * Roles an administrator may hand out by invitation. `owner` is left out on purpose: nobody can
 * create another owner through the API, so an admin account cannot escalate to "manage all".
 */
export const INVITABLE_ROLES = ['admin', 'master admin', 'teller', 'purchaser'] as const satisfies readonly RoleName[];

export type InvitableRole = (typeof INVITABLE_ROLES)[number];

export function isRoleName(value: unknown): value is RoleName {
  return typeof value === 'string' && (ROLE_NAMES as readonly string[]).includes(value);
}

/** True for `admin` and `master admin` only; check `owner` separately where it matters. */
export function isAdminRole(role: string | null | undefined): boolean {
  return typeof role === 'string' && (ADMIN_ROLES as readonly string[]).includes(role);
}

/**
 * Role titles display in header case (part 2 section 6): every word capitalised, words kept
 * apart by a space, so `master admin` reads "Master Admin". Underscores and hyphens count as word
 * breaks because role names from other systems often arrive as `MASTER_ADMIN`.
 */
export function roleTitle(role: string): string {
  return role
    .split(/[\s_-]+/)
    .filter((word) => word.length > 0)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}
