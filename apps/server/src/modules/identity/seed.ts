import { ROLE_NAMES, type RoleName } from '@fhp/domain';
import { inArray } from 'drizzle-orm';
import { hashPassword } from './crypto';
import { newVuid } from './vuid';
import type { Db } from '../../db/client';
import { roles, users } from '../../db/schema';

/**
 * The role rows every installation needs (sign-up makes purchasers), seeded demo data or not:
 * the identity plugin calls this at start too. Idempotent by the unique name.
 */
export async function ensureRoles(db: Db): Promise<void> {
  await db
    .insert(roles)
    .values(ROLE_NAMES.map((name) => ({ name })))
    .onConflictDoNothing();
}

/** Published in the README and printed at start in development; never used outside demo data. */
export const DEMO_PASSWORD = 'Hurricane-2027!';

export interface DemoAccount {
  email: string;
  role: RoleName;
  signInType: 'password' | 'otp';
  firstName: string;
  lastName: string;
  phone: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'purchaser@fhp.example', role: 'purchaser', signInType: 'password', firstName: 'Alicia', lastName: 'Charles', phone: '+1 473 555 0101' },
  { email: 'purchaser.b@fhp.example', role: 'purchaser', signInType: 'password', firstName: 'Bernard', lastName: 'Joseph', phone: '+1 767 555 0102' },
  { email: 'otp.purchaser@fhp.example', role: 'purchaser', signInType: 'otp', firstName: 'Odette', lastName: 'Pierre', phone: '+1 473 555 0103' },
  { email: 'teller@fhp.example', role: 'teller', signInType: 'password', firstName: 'Terrence', lastName: 'Alexander', phone: '+1 473 555 0104' },
  { email: 'admin@fhp.example', role: 'admin', signInType: 'password', firstName: 'Adele', lastName: 'Baptiste', phone: '+1 473 555 0105' },
  { email: 'master.admin@fhp.example', role: 'master admin', signInType: 'password', firstName: 'Marcus', lastName: 'Thomas', phone: '+1 767 555 0106' },
  { email: 'owner@fhp.example', role: 'owner', signInType: 'password', firstName: 'Olivia', lastName: 'Francis', phone: '+1 473 555 0107' },
];

/** Roles first, then the demo accounts that are missing; an existing account is never touched. */
export async function seedIdentity(db: Db): Promise<void> {
  await ensureRoles(db);
  const existing = await db
    .select({ email: users.email })
    .from(users)
    .where(inArray(users.email, DEMO_ACCOUNTS.map((a) => a.email)));
  const missing = DEMO_ACCOUNTS.filter((a) => !existing.some((row) => row.email === a.email));
  if (missing.length === 0) return;
  const roleRows = await db.select().from(roles);
  const roleId = (name: RoleName) => {
    const row = roleRows.find((r) => r.name === name);
    if (!row) throw new Error(`Role ${name} is missing`);
    return row.id;
  };
  // One scrypt run for every account: they share the demo password, and each suite seeds afresh.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db
    .insert(users)
    .values(
      missing.map((a) => ({
        vuid: newVuid(),
        email: a.email,
        passwordHash: a.signInType === 'password' ? passwordHash : null,
        signInType: a.signInType,
        roleId: roleId(a.role),
        firstName: a.firstName,
        lastName: a.lastName,
        phone: a.phone,
        emailVerified: true,
        phoneVerified: true,
        status: 'ACC_CREATED' as const,
      })),
    )
    .onConflictDoNothing();
}
