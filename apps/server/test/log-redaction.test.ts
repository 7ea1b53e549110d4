import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { graphqlMessageForLog, redactUrl, scrubText, serializeError } from '../src/logging';
import { extractCode } from '../src/modules/notifications/smtp-capture';
import { elfBytes, postFile, uploadProof } from './files-helpers';
import { describeApp } from './harness';
import { gqlAs, iam, tokenFor } from './identity-helpers';

/** Every line the app logs, as pino writes it. */
const lines: string[] = [];
const logStream = { write: (line: string) => void lines.push(line) };
const logged = () => lines.join('');

const EMAIL = 'purchaser@fhp.example';

/** `digits` standing alone in the log (not inside a longer number such as a timestamp). */
const standalone = (digits: string) => new RegExp(`(?<!\\d)${digits}(?!\\d)`);

describeApp(
  'logs carry no personal data',
  (suite) => {
    beforeEach(() => {
      lines.length = 0;
    });

    it('a failing query with an email parameter: logged, without the email or the parameters', async () => {
      // The users table is away for a moment: the sign-in-type lookup by email fails in the database.
      await suite.database.db.execute(sql`ALTER TABLE users RENAME TO users_away`);
      try {
        const { status } = await iam(suite.app, '/user/sign-in-type/get', { email: EMAIL });
        expect(status).toBe(500);
      } finally {
        await suite.database.db.execute(sql`ALTER TABLE users_away RENAME TO users`);
      }
      const text = logged();
      expect(text).toContain('unhandled error');
      expect(text).toContain('users'); // the SQL text stays: it tells which query failed
      expect(text).toContain('params: [Redacted]');
      expect(text).not.toContain(EMAIL);
      expect(text).not.toContain('"params"');
    });

    it("a database refusal with the row in its detail: logged without the detail's values", async () => {
      let error: unknown;
      try {
        await suite.database.db.insert(users).values({ vuid: 'duplicate-vuid-1', email: EMAIL, roleId: sql`(select role_id from users limit 1)` as never });
      } catch (caught) {
        error = caught;
      }
      expect(error, 'the insert must fail on the unique email').toBeInstanceOf(Error);
      suite.app.log.error({ err: error }, 'insert failed');
      const text = logged();
      expect(text).toContain('insert failed');
      expect(text).not.toContain(EMAIL);
      expect(text).not.toContain('duplicate-vuid-1');
      expect(text).not.toMatch(/"detail"/);
    });

    it('a bad sign-in: the refusal is logged without the email or the password', async () => {
      const { status } = await iam(suite.app, '/user/sign-in', { email: EMAIL, password: 'Wrong-Password-123!', role: null });
      expect(status).toBe(401);
      const text = logged();
      expect(text).toContain('request refused');
      expect(text).not.toContain(EMAIL);
      expect(text).not.toContain('Wrong-Password-123!');
    });

    it('a wrong one-time code: the refusal is logged without the code sent, the code typed or the email', async () => {
      const address = 'wrong.code@fhp.example';
      expect((await iam(suite.app, '/user/sign-up', { email: address })).status).toBe(200);
      // The code goes out after the answer (the delivery queue): wait for it.
      await suite.app.identity.deliveries.settle();
      const code = extractCode(suite.app.identity.outbox.latestFor(address)?.text ?? '');
      const wrong = `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;
      const { status, body } = await iam(suite.app, '/email/verify-by-otp', { email: address, otp: wrong });
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
      expect(body.display_message).toBeTruthy();
      const text = logged();
      expect(text).toContain('request refused');
      expect(text).not.toMatch(standalone(wrong));
      expect(text).not.toMatch(standalone(code));
      expect(text).not.toContain(address);
    });

    it('a bank account number: neither a refused save nor one failing in the database logs it', async () => {
      const { app, database } = suite;
      const token = await tokenFor(app, EMAIL);
      const leaf = await uploadProof(app, token, 'CHEQUE_LEAF');
      const save = 'mutation Save($input: BankAccountInput!) { saveBankAccountDetail(input: $input) { message } }';
      const input = { accHolderName: 'Kenrick Baptiste', bankName: 'Grenada Co-operative Bank', accountNo: '7301 4425 9988', type: 'SAVINGS', swiftCode: 'GCBKGDGD', chequeLeafFileId: leaf.id };
      const refused = await gqlAs(app, token, save, { input: { ...input, swiftCode: 'GCBK1234' } });
      expect(refused.body.errors?.[0]?.extensions?.display_message).toMatch(/SWIFT or BIC code/);
      // The table away for a moment: the insert fails with the (encrypted) number among its parameters.
      await database.db.execute(sql`ALTER TABLE bank_accounts RENAME TO bank_accounts_away`);
      try {
        const failed = await gqlAs(app, token, save, { input });
        expect(failed.body.errors?.length).toBeGreaterThan(0);
      } finally {
        await database.db.execute(sql`ALTER TABLE bank_accounts_away RENAME TO bank_accounts`);
      }
      const text = logged();
      expect(text).toContain('bank_accounts'); // the failing query is logged: it tells what failed
      expect(text).toContain('params: [Redacted]');
      for (const secret of ['7301 4425 9988', '730144259988', 'Kenrick', 'Baptiste', EMAIL]) expect(text).not.toContain(secret);
    });

    it('a token in the query string: request logs keep the parameter name, not its value', async () => {
      await suite.app.inject({ method: 'GET', url: '/product/fhp?token=eyJhbGciOiJFUzI1NiJ9.secret-part&utm=x', headers: { accept: 'text/html' } });
      await suite.app.inject({ method: 'GET', url: `/graphql?query=${encodeURIComponent('{ products { id } }')}&email=${EMAIL}` });
      const text = logged();
      expect(text).toContain('/product/fhp?token=[Redacted]&utm=[Redacted]');
      expect(text).toContain('/graphql?query=[Redacted]&email=[Redacted]');
      expect(text).not.toContain('secret-part');
      expect(text).not.toContain('fhp.example');
    });

    it('an upload error: logged without the file name or the field values', async () => {
      const token = await tokenFor(suite.app, EMAIL);
      const refused = await postFile(suite.app, token, [
        { name: 'purpose', value: 'ID_PROOF' },
        { name: 'file', filename: 'jane.doe@example.com passport.png', contentType: 'image/png', data: elfBytes() },
      ]);
      expect(refused.status).toBe(415);
      const badPurpose = await postFile(suite.app, token, [{ name: 'purpose', value: 'jane.doe@example.com' }]);
      expect(badPurpose.status).toBe(400);
      const text = logged();
      expect(text).toContain('upload refused');
      expect(text).not.toContain('jane.doe');
      expect(text).not.toContain(EMAIL);
      expect(text).not.toMatch(/Bearer|authorization":"[^[]/);
    });

    it('a GraphQL error with personal data in its variables: neither the variables nor the token are logged', async () => {
      const token = await tokenFor(suite.app, EMAIL);
      await suite.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { authorization: `Bearer ${token}` },
        payload: { query: 'mutation($input: SubmitKYCDetailsInput!) { SubmitKYCDetails(input: $input) { message } }', variables: { input: { firstName: 'Thérèse', phone: '+1 473 555 0100' } } },
      });
      const text = logged();
      expect(text.length).toBeGreaterThan(0);
      expect(text).not.toContain('Thérèse');
      expect(text).not.toContain('555 0100');
      expect(text).not.toContain(token);
    });
  },
  { env: { LOG_LEVEL: 'debug', WEB_DIST_DIR: '/nonexistent/fhp-web-dist' }, logStream },
);

describe('the redaction pieces', () => {
  it('drops the values drizzle puts in its message and its error', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      code: '23505',
      detail: `Key (email)=(${EMAIL}) already exists.`,
      constraint: 'users_email_unique',
    });
    const error = Object.assign(new Error(`Failed query: insert into "users" ("email") values ($1)\nparams: ${EMAIL},+14735550100`), {
      query: 'insert into "users" ("email") values ($1)',
      params: [EMAIL, '+14735550100'],
      cause,
    });
    const serialized = serializeError(error);
    const text = JSON.stringify(serialized);
    expect(text).not.toContain(EMAIL);
    expect(text).not.toContain('5550100');
    expect(serialized).toMatchObject({
      message: 'Failed query: insert into "users" ("email") values ($1)\nparams: [Redacted]',
      cause: { code: '23505', constraint: 'users_email_unique' },
    });
    expect(serialized).not.toHaveProperty('params');
  });

  it('replaces emails in any error text (an SMTP refusal quotes the recipient)', () => {
    expect(scrubText('550 5.1.1 <jane.doe+fhp@mail.example.gd>: Recipient address rejected')).toBe('550 5.1.1 <[email]>: Recipient address rejected');
  });

  it('keeps the variable, the field and the rule of a GraphQL refusal, not the values it quotes', () => {
    expect(graphqlMessageForLog('Variable "$input" got invalid value { firstName: "Thérèse", phone: "+1 473 555 0100" }; Field "lastName" of required type "String!" was not provided.'))
      .toBe('Variable "$input" got an invalid value; Field "lastName" of required type "String!" was not provided.');
    expect(graphqlMessageForLog('Variable "$n" got invalid value "abc"; Int cannot represent non-integer value: "abc"')).toBe('Variable "$n" got an invalid value; Int cannot represent non-integer value: [Redacted]');
    expect(graphqlMessageForLog('Expected value of type "Int!", found "jane@example.com".')).toBe('Expected value of type "Int!", found [Redacted]');
    expect(graphqlMessageForLog('Cannot query field "nope" on type "Query".')).toBe('Cannot query field "nope" on type "Query".');
  });

  it('keeps the path and the parameter names of a URL', () => {
    expect(redactUrl('/product/fhp')).toBe('/product/fhp');
    expect(redactUrl('/sign-in?token=abc.def&next=%2Fmy-account')).toBe('/sign-in?token=[Redacted]&next=[Redacted]');
    expect(redactUrl('/x?')).toBe('/x');
  });
});
