/**
 * Sign-in links (issue 19, item 10): a token from a page's query string, signed by the configured
 * signer, signs its user in only with our issuer and audience, a lifetime of at most ten minutes
 * and an id (jti) never used before; the id is remembered until the token expires.
 */
import { exportSPKI, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { expect, it } from 'vitest';
import { signInLinkUses } from '../src/db/schema';
import { describeApp } from './harness';
import { iam } from './identity-helpers';
import { settableClock } from './lifecycle-helpers';

const signer = await generateKeyPair('ES256', { extractable: true });
const ISSUER = 'https://partner.example';
const AUDIENCE = 'fhp-sign-in-links';
const time = settableClock('2027-03-15T16:00:00Z');
const now = () => Math.floor(time.clock().getTime() / 1000);

let serial = 0;
/** A link token as the signer makes it; `claims` replaces or (with undefined) removes any of them. */
function linkToken(claims: Partial<Record<'iss' | 'aud' | 'iat' | 'exp' | 'jti' | 'email', unknown>> = {}, key = signer.privateKey): Promise<string> {
  serial += 1;
  const all: Record<string, unknown> = { iss: ISSUER, aud: AUDIENCE, iat: now(), exp: now() + 300, jti: `link-${serial}-${Date.now()}`, email: 'teller@fhp.example', ...claims };
  const payload = Object.fromEntries(Object.entries(all).filter(([, value]) => value !== undefined)) as JWTPayload;
  return new SignJWT(payload).setProtectedHeader({ alg: 'ES256' }).sign(key);
}

describeApp(
  'sign-in links',
  (suite) => {
    const signIn = (jwtToken: string, email?: string) => iam(suite.app, '/user/sign-in', { ...(email ? { email } : {}), jwtToken, role: null });

    it('signs in once: the same link again is refused in words, and its id is kept until the link expires', async () => {
      const token = await linkToken();
      const first = await signIn(token, 'teller@fhp.example');
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ status: 'SIGNED_IN', userRoles: [{ name: 'teller' }] });

      const again = await signIn(token, 'teller@fhp.example');
      expect(again.status).toBe(401);
      expect(again.body.display_message).toBe('This sign-in link has already been used. Please sign in with your email, or ask for a new link.');

      const jti = `link-${serial}-`;
      const kept = (await suite.app.db.select().from(signInLinkUses)).filter((row) => row.jti.startsWith(jti));
      expect(kept).toHaveLength(1);
      expect(kept[0]!.expiresAt.getTime()).toBe((now() + 300) * 1000);
    });

    it('signs in the user the token names when the page sends no email (the web app does not know it)', async () => {
      const answer = await signIn(await linkToken({ email: 'otp.purchaser@fhp.example' }));
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ status: 'SIGNED_IN', user: { email: 'otp.purchaser@fhp.example' } });
      // An email in the body must be the token's.
      expect((await signIn(await linkToken({ email: 'otp.purchaser@fhp.example' }), 'admin@fhp.example')).status).toBe(401);
    });

    it.each([
      ['without an issuer', { iss: undefined }],
      ['from another issuer', { iss: 'https://elsewhere.example' }],
      ['without an audience', { aud: undefined }],
      ['for another audience', { aud: 'fhp-portal' }],
      ['without an expiry', { exp: undefined }],
      ['living longer than 10 minutes', { exp: now() + 601 }],
      ['issued 11 minutes ago', { iat: now() - 660, exp: now() + 60 }],
      ['without an issue time', { iat: undefined }],
      ['without an id', { jti: undefined }],
      ['expired', { iat: now() - 400, exp: now() - 100 }],
    ])('refuses a link %s', async (_what, claims) => {
      const refused = await signIn(await linkToken(claims), 'teller@fhp.example');
      expect(refused.status).toBe(401);
      expect(refused.body.display_message).toEqual(expect.any(String));
    });

    it('refuses a link signed by anyone else', async () => {
      const other = await generateKeyPair('ES256');
      expect((await signIn(await linkToken({}, other.privateKey), 'teller@fhp.example')).status).toBe(401);
    });

    it('forgets a used id once its link has expired (nothing could use it then)', async () => {
      const token = await linkToken({ exp: now() + 120 });
      expect((await signIn(token)).status).toBe(200);
      const jti = `link-${serial}-`;
      const stored = async () => (await suite.app.db.select().from(signInLinkUses)).filter((row) => row.jti.startsWith(jti));
      expect(await stored()).toHaveLength(1);
      time.set(new Date(time.clock().getTime() + 11 * 60_000).toISOString());
      // Any later link's use sweeps the ids of expired ones.
      expect((await signIn(await linkToken())).status).toBe(200);
      expect(await stored()).toHaveLength(0);
    });
  },
  {
    clock: time.clock,
    env: { QUERY_TOKEN_SIGNER_PUBLIC_KEY: await exportSPKI(signer.publicKey), QUERY_TOKEN_ISSUER: ISSUER, QUERY_TOKEN_AUDIENCE: AUDIENCE },
  },
);
