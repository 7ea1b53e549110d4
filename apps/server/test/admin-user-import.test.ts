/**
 * Importing users (issue 11 item 3) through the real route: CSV and XLSX, the preview with each bad
 * row and its reason, all or nothing, the limits, and files that are not spreadsheets.
 */
import { KYC_MESSAGES, USER_IMPORT_LIMITS, USER_IMPORT_MESSAGES } from '@fhp/domain';
import ExcelJS from 'exceljs';
// The zip library ExcelJS itself packs workbooks with: here it hides a bomb inside a real one.
import JSZip from 'jszip';
import { like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { USER_IMPORT_PATH } from '../src/modules/admin-users/import';
import { describeApp } from './harness';
import { tokenFor } from './identity-helpers';

let batch = 0;
/** A CSV of `count` users with emails unique to this call. */
function csvOf(count: number, edit: (cells: string[], index: number) => string[] = (cells) => cells): { text: string; tag: string } {
  batch += 1;
  const tag = `imp${batch}x${Date.now()}`;
  const lines = ['firstName,lastName,email'];
  for (let i = 0; i < count; i += 1) lines.push(edit([`Ann${'e'.repeat(i % 3)}`, `Joseph-${String.fromCharCode(97 + (i % 26))}`, `${tag}.${i}@fhp.example`], i).join(','));
  return { text: `${lines.join('\r\n')}\r\n`, tag };
}

async function post(app: FastifyInstance, token: string, body: Buffer | string, commit = false) {
  const response = await app.inject({
    method: 'POST',
    url: `${USER_IMPORT_PATH}?commit=${commit}`,
    payload: typeof body === 'string' ? Buffer.from(body) : body,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
  });
  return { status: response.statusCode, body: response.json<{ imported?: boolean; message: string; display_message?: string; rows?: { row: number; lastName: string; errors: string[] }[] }>() };
}

const storedWith = async (app: FastifyInstance, tag: string) => (await app.db.select({ id: users.id }).from(users).where(like(users.email, `${tag}.%`))).length;

describeApp('admin: import users', (suite) => {
  let admin: string;
  beforeAll(async () => {
    admin = await tokenFor(suite.app, 'admin@fhp.example');
  });

  it('refuses a 1000-row file with one bad row, naming it, then imports the clean file whole', async () => {
    const bad = csvOf(1000, (cells, i) => (i === 500 ? ['', cells[1]!, cells[2]!] : cells));
    const refused = await post(suite.app, admin, bad.text, true);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(USER_IMPORT_MESSAGES.refused);
    expect(refused.body.rows).toEqual([expect.objectContaining({ row: 502, errors: [USER_IMPORT_MESSAGES.firstNameRequired] })]);
    expect(await storedWith(suite.app, bad.tag)).toBe(0);

    const clean = csvOf(1000);
    const preview = await post(suite.app, admin, clean.text, false);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ imported: false, message: '1000 users ready to import' });
    expect(preview.body.rows).toHaveLength(1000);
    expect(await storedWith(suite.app, clean.tag)).toBe(0);
    const done = await post(suite.app, admin, clean.text, true);
    expect(done.body).toMatchObject({ imported: true, message: '1000 users imported' });
    expect(await storedWith(suite.app, clean.tag)).toBe(1000);
    // Once more: every email is taken now, so nothing is stored twice.
    const again = await post(suite.app, admin, clean.text, true);
    expect(again.status).toBe(422);
    expect(again.body.rows).toHaveLength(1000);
    expect(again.body.rows?.[0]?.errors).toEqual([USER_IMPORT_MESSAGES.emailUnique]);
  });

  it('refuses 1001 records and 10485761 bytes', async () => {
    const many = csvOf(1001);
    expect(await post(suite.app, admin, many.text, true)).toMatchObject({ status: 400, body: { display_message: USER_IMPORT_MESSAGES.tooManyRecords } });
    expect(await storedWith(suite.app, many.tag)).toBe(0);
    const small = csvOf(3);
    const padded = Buffer.concat([Buffer.from(small.text), Buffer.alloc(USER_IMPORT_LIMITS.maxBytes + 1 - small.text.length, ' ')]);
    expect(padded.length).toBe(10_485_761);
    expect(await post(suite.app, admin, padded, true)).toMatchObject({ status: 413, body: { display_message: USER_IMPORT_MESSAGES.tooLarge } });
    expect(await storedWith(suite.app, small.tag)).toBe(0);
  });

  it('marks duplicate emails in the file and an email already taken', async () => {
    const dup = csvOf(4, (cells, i) => (i === 3 ? [cells[0]!, cells[1]!, cells[2]!.replace('.3@', '.1@').toUpperCase()] : i === 2 ? [cells[0]!, cells[1]!, 'Admin@fhp.example'] : cells));
    const answer = await post(suite.app, admin, dup.text, true);
    expect(answer.status).toBe(422);
    expect(answer.body.rows?.map((r) => [r.row, r.errors])).toEqual([
      [4, [USER_IMPORT_MESSAGES.emailUnique]],
      [5, [USER_IMPORT_MESSAGES.emailUnique]],
    ]);
    expect(await storedWith(suite.app, dup.tag)).toBe(0);
  });

  it('refuses a file that is not CSV or XLSX, whatever it is called', async () => {
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200, 1)]);
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62, 0), Buffer.from('PE\0\0'), Buffer.alloc(200, 0)]);
    for (const bytes of [elf, exe]) {
      expect(await post(suite.app, admin, bytes, true)).toMatchObject({ status: 400, body: { display_message: USER_IMPORT_MESSAGES.notSpreadsheet } });
    }
    expect(await post(suite.app, admin, 'name,phone\r\nAnn,123\r\n', true)).toMatchObject({ status: 400, body: { display_message: USER_IMPORT_MESSAGES.noHeader } });
  });

  it('reads XLSX, keeps a formula as its text without evaluating it, and refuses it as a name', async () => {
    batch += 1;
    const tag = `xlsx${batch}x${Date.now()}`;
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Users');
    sheet.addRow(['First Name', 'Last Name', 'Email']);
    sheet.addRow(['Thérèse', "D'Auvergne", `${tag}.1@fhp.example`]);
    sheet.addRow(['Bob', { formula: 'HYPERLINK("http://evil.example","x")', result: 'x' }, `${tag}.2@fhp.example`]);
    sheet.addRow(['=1+1', 'Ray', `${tag}.3@fhp.example`]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const answer = await post(suite.app, admin, bytes, true);
    expect(answer.status).toBe(422);
    expect(answer.body.rows).toEqual([
      expect.objectContaining({ row: 3, lastName: '=HYPERLINK("http://evil.example","x")', errors: [KYC_MESSAGES.lastNameAlpha] }),
      expect.objectContaining({ row: 4, errors: [KYC_MESSAGES.firstNameAlpha] }),
    ]);
    expect(await storedWith(suite.app, tag)).toBe(0);

    const clean = new ExcelJS.Workbook();
    const only = clean.addWorksheet('Users');
    only.addRow(['email', 'firstName', 'lastName']);
    only.addRow([`${tag}.9@fhp.example`, 'Jean-Baptiste', '']);
    const imported = await post(suite.app, admin, Buffer.from(await clean.xlsx.writeBuffer()), true);
    expect(imported.body).toMatchObject({ imported: true, message: '1 users imported' });
    const [row] = await suite.app.db.select().from(users).where(like(users.email, `${tag}.9@%`));
    expect(row).toMatchObject({ firstName: 'Jean-Baptiste', lastName: null, status: 'USER_ADDED' });
  });

  it('refuses an XLSX that would unpack to far more than its size (a zip bomb) before reading it', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Users').addRow(['firstName', 'email']);
    const zip = await JSZip.loadAsync(Buffer.from(await workbook.xlsx.writeBuffer()));
    // 80 MB of zeros deflate to about 80 KB: small on the wire, 80 MB once unpacked.
    zip.file('xl/media/padding.bin', Buffer.alloc(80 * 1024 * 1024));
    const bomb = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
    expect(bomb.length).toBeLessThan(USER_IMPORT_LIMITS.maxBytes);
    expect(await post(suite.app, admin, bomb, false)).toMatchObject({ status: 400, body: { display_message: USER_IMPORT_MESSAGES.unpacksTooLarge } });
  });
});
