import type { RoleName } from '@fhp/domain';
import { and, desc, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oneTimeCodes, roles, settings, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type CodeRow = typeof oneTimeCodes.$inferSelect;
export type CodePurpose = CodeRow['purpose'];
/** A user with the name of their role. */
export type UserWithRole = UserRow & { roleName: string };

export async function findUserByEmail(db: Db, email: string): Promise<UserWithRole | undefined> {
  const [row] = await db
    .select({ user: users, roleName: roles.name })
    .from(users)
    .innerJoin(roles, eq(users.roleId, roles.id))
    .where(eq(users.email, email))
    .limit(1);
  return row && { ...row.user, roleName: row.roleName };
}

export async function findUserById(db: Db, id: string): Promise<UserWithRole | undefined> {
  const [row] = await db
    .select({ user: users, roleName: roles.name })
    .from(users)
    .innerJoin(roles, eq(users.roleId, roles.id))
    .where(eq(users.id, id))
    .limit(1);
  return row && { ...row.user, roleName: row.roleName };
}

export async function findRoleByName(db: Db, name: RoleName): Promise<{ id: string; name: string } | undefined> {
  const [row] = await db.select().from(roles).where(eq(roles.name, name)).limit(1);
  return row;
}

/** Every role, by name: what the web's configuration lists for the sign-in request's `role`. */
export function listRoles(db: Db): Promise<{ id: string; name: string }[]> {
  return db.select().from(roles).orderBy(roles.name);
}

export async function findRoleById(db: Db, id: string): Promise<{ id: string; name: string } | undefined> {
  const [row] = await db.select().from(roles).where(eq(roles.id, id)).limit(1);
  return row;
}

/** Inserts unless the email is taken; answers the new row or undefined. */
export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
  return row;
}

export async function updateUser(db: Db, id: string, values: Partial<typeof users.$inferInsert>, now: Date): Promise<void> {
  await userUpdate(db, id, values, now);
}

/** `updateUser`'s statement, not yet run (for `writeAtOnce`). */
export function userUpdate(db: Db, id: string, values: Partial<typeof users.$inferInsert>, now: Date) {
  return db.update(users).set({ ...values, updatedAt: now }).where(eq(users.id, id));
}

/** When codes were sent to this email since `since`, and the latest lock on it (any purpose). */
export async function codeHistory(db: Db, email: string, since: Date): Promise<{ sentAt: Date[]; lockedUntil: Date | null }> {
  // One read for both (it runs under the email's lock in `issue`): the recent codes and every lock.
  const rows = await db
    .select({ createdAt: oneTimeCodes.createdAt, lockedUntil: oneTimeCodes.lockedUntil, recent: gt(oneTimeCodes.createdAt, since) })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.email, email), or(gt(oneTimeCodes.createdAt, since), isNotNull(oneTimeCodes.lockedUntil))));
  const locks = rows.flatMap((row) => (row.lockedUntil ? [row.lockedUntil] : []));
  return {
    sentAt: rows.filter((row) => row.recent === true).map((row) => row.createdAt),
    lockedUntil: locks.reduce<Date | null>((latest, until) => (latest === null || until > latest ? until : latest), null),
  };
}

/** The insert of a code, not yet run (for `writeAtOnce`). */
export function codeInsert(db: Db, values: typeof oneTimeCodes.$inferInsert) {
  return db.insert(oneTimeCodes).values(values);
}

/** The newest unspent code of a purpose, locked for this transaction so attempts count exactly. */
export async function latestOpenCodeForUpdate(db: Db, email: string, purpose: CodePurpose): Promise<CodeRow | undefined> {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.email, email), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.consumedAt)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1)
    .for('update');
  return row;
}

export async function recordCodeAttempt(db: Db, id: string, attempts: number, lockedUntil: Date | null): Promise<void> {
  await db.update(oneTimeCodes).set({ attempts, lockedUntil }).where(eq(oneTimeCodes.id, id));
}

/** Marks a code spent; false when another request spent it first. */
export async function consumeCode(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(oneTimeCodes)
    .set({ consumedAt: now })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.consumedAt)))
    .returning({ id: oneTimeCodes.id });
  return rows.length === 1;
}

export async function readSetting<T>(db: Db, key: string): Promise<T | undefined> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key)).limit(1);
  return row?.value as T | undefined;
}

/** Writes the value unless the key exists; the stored value (ours or an earlier one) wins. */
export async function insertSettingIfAbsent<T>(db: Db, key: string, value: T): Promise<T> {
  await db.insert(settings).values({ key, value, updatedAt: sql`now()` }).onConflictDoNothing();
  const stored = await readSetting<T>(db, key);
  if (stored === undefined) throw new Error(`Setting ${key} could not be stored`);
  return stored;
}
