import { checkUserImport, USER_IMPORT_LIMITS, USER_IMPORT_MESSAGES, type UserImportPreviewRow } from '@fhp/domain';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { users } from '../../db/schema';
import { httpErrorBody } from '../../http/errors';
import { allowOnly, findRoleByName, newVuid } from '../identity';
import { readUserRecords, SpreadsheetRefused } from './spreadsheet';

export const USER_IMPORT_PATH = '/api/v1/admin/user-import';

export interface UserImportAnswer {
  /** Whether the users were stored (only with `commit=true` and no bad row). */
  imported: boolean;
  message: string;
  rows: UserImportPreviewRow[];
}

/** Thrown inside the transaction when another request took an email meanwhile: nothing is kept. */
class EmailTakenMeanwhile extends Error {}

/**
 * Reads and checks the file; with `commit`, stores every user in one transaction (role purchaser,
 * status USER_ADDED, to be invited later) or none of them.
 */
export async function importUsers(app: FastifyInstance, bytes: Buffer, commit: boolean): Promise<UserImportAnswer> {
  const records = await readUserRecords(bytes);
  const emails = [...new Set(records.map((r) => r.email.trim().toLowerCase()).filter((e) => e !== ''))];
  const taken = emails.length === 0 ? [] : await app.db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
  const { preview, valid } = checkUserImport(records, new Set(taken.map((t) => t.email)));
  if (valid === null) return { imported: false, message: USER_IMPORT_MESSAGES.refused, rows: preview.filter((row) => row.errors.length > 0) };
  if (!commit) return { imported: false, message: `${valid.length} users ready to import`, rows: preview };
  const role = await findRoleByName(app.db, 'purchaser');
  if (!role) throw new Error('Role purchaser is missing');
  const now = app.clock();
  try {
    await app.db.transaction(async (tx) => {
      const stored = await tx
        .insert(users)
        .values(valid.map((row) => ({ vuid: newVuid(), email: row.email, firstName: row.firstName, lastName: row.lastName, roleId: role.id, signInType: 'otp' as const, status: 'USER_ADDED' as const, createdAt: now, updatedAt: now })))
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      if (stored.length !== valid.length) throw new EmailTakenMeanwhile();
    });
  } catch (error) {
    if (!(error instanceof EmailTakenMeanwhile)) throw error;
    // Someone took one of the emails between the check and the insert: check again to name it.
    return importUsers(app, bytes, false);
  }
  return { imported: true, message: USER_IMPORT_MESSAGES.imported(valid.length), rows: preview };
}

function refuse(reply: FastifyReply, status: number, message: string) {
  return reply.code(status).send(httpErrorBody(status, message));
}

/**
 * `POST /api/v1/admin/user-import?commit=false|true`, the file as the raw body (decision 004 keeps
 * uploads out of GraphQL). Admins only. Answers 200 with the preview, or 422 with the bad rows.
 */
export async function userImportRoutes(app: FastifyInstance) {
  // The file as bytes, whatever its type says: the content decides (CSV text or XLSX), not the name.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: USER_IMPORT_LIMITS.maxBytes + 1024 * 1024 }, (_request, body, done) => done(null, body));
  // Who asks and how much they announce are checked before the body is read (decision 124).
  const onRequest = allowOnly((ability) => ability.can('manage', 'User'), { bytes: USER_IMPORT_LIMITS.maxBytes, message: USER_IMPORT_MESSAGES.tooLarge });
  app.post<{ Querystring: { commit?: string } }>(USER_IMPORT_PATH, { onRequest }, async (request: FastifyRequest<{ Querystring: { commit?: string } }>, reply) => {
    const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    try {
      const answer = await importUsers(app, bytes, request.query.commit === 'true');
      request.log.info({ records: answer.rows.length, imported: answer.imported }, 'user import');
      if (answer.message === USER_IMPORT_MESSAGES.refused) return reply.code(422).send({ ...answer, display_message: answer.message });
      return reply.send(answer);
    } catch (error) {
      if (!(error instanceof SpreadsheetRefused)) throw error;
      return refuse(reply, error.message === USER_IMPORT_MESSAGES.tooLarge ? 413 : 400, error.message);
    }
  });
}
