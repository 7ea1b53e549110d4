import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '../lib/auth/testing';
import { PURCHASER_ROLE_UUID, renderAppAt, setUpShellTests, stubGraphQL, testAppConfig, testPageContent } from './testing';

setUpShellTests();

const BAD_CREDENTIALS = 'The email, password or code is not correct. Please check them and try again.';
const user = { id: 'u1', vuid: 'V1', email: 'ann@fhp.example', firstName: 'Ann', lastName: 'Lee', fullName: 'Ann Lee', image: null };

interface IamCall {
  path: string;
  body: Record<string, unknown>;
}

/** The app on /sign-in with the identity routes answered by `iam`; every identity request is recorded. */
function signInPage(iam: (path: string, body: Record<string, unknown>) => { status: number; body: unknown }) {
  const sent: IamCall[] = [];
  stubGraphQL(
    (operation) => (operation === 'PageContent' ? { data: { pageContent: testPageContent } } : { data: testAppConfig }),
    (url, body) => {
      const path = url.replace('/iam/v1', '');
      sent.push({ path, body: body as Record<string, unknown> });
      return iam(path, body as Record<string, unknown>);
    },
  );
  renderAppAt('/sign-in');
  return sent;
}

const signedIn = () => ({
  status: 200,
  body: { status: 'SIGNED_IN', accessToken: fakeJwt({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 600 }), tokenType: 'Bearer', expiresIn: 600, exp: 0, signInType: 'password', userRoles: [{ name: 'purchaser', uuid: PURCHASER_ROLE_UUID }], user },
});

async function submitEmail(email: string) {
  fireEvent.change(await screen.findByLabelText('Email address', {}, { timeout: 5000 }), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

const dialog = () => screen.findByRole('dialog', { name: 'Uh oh.' }, { timeout: 5000 });

describe('sign-in', () => {
  it("sends the purchaser role's uuid from the application configuration on a first sign-in", async () => {
    expect([window.localStorage.length, window.sessionStorage.length]).toEqual([0, 0]); // no earlier session
    const sent = signInPage((path) =>
      path === '/user/sign-in-type/get' ? { status: 200, body: { signInType: 'password' } }
      : path === '/user/sign-in' ? { status: 200, body: { status: 'OTP_SENT', message: 'sent', sentTo: ['EMAIL', 'PHONE'] } }
      : { status: 404, body: {} },
    );
    await submitEmail('ann@fhp.example');
    fireEvent.change(await screen.findByLabelText('Password', {}, { timeout: 5000 }), { target: { value: 'Hurricane-2027!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Enter your OTP' }, { timeout: 5000 });
    const first = sent.find((call) => call.path === '/user/sign-in');
    expect(first?.body).toEqual({ email: 'ann@fhp.example', password: 'Hurricane-2027!', role: PURCHASER_ROLE_UUID });
  });

  it('asks a code-only account for its code on the registered channels and says where it went', async () => {
    for (const [sentTo, words] of [
      [['EMAIL', 'PHONE'], 'We sent a 6-digit code to the email and phone registered for'],
      [['EMAIL'], 'We sent a 6-digit code to your email'],
    ] as const) {
      const sent = signInPage((path) =>
        path === '/user/sign-in-type/get' ? { status: 200, body: { signInType: 'otp' } }
        : path === '/otp/send' ? { status: 200, body: { message: 'sent', sentTo } }
        : { status: 404, body: {} },
      );
      await submitEmail('odette@fhp.example');
      const intro = await screen.findByText(words, { exact: false }, { timeout: 5000 });
      expect(intro.textContent).toContain('odette@fhp.example');
      // The email alone: the server picks the registered email and phone, never one named here.
      expect(sent.find((call) => call.path === '/otp/send')?.body).toEqual({ email: 'odette@fhp.example' });
      cleanup();
    }
  });

  it('opens "Uh oh." for a wrong password, with the server\'s sentence, and keeps it in the form', async () => {
    signInPage((path) =>
      path === '/user/sign-in-type/get' ? { status: 200, body: { signInType: 'password' } } : { status: 401, body: { statusCode: 401, message: BAD_CREDENTIALS, display_message: BAD_CREDENTIALS } },
    );
    await submitEmail('ann@fhp.example');
    fireEvent.change(await screen.findByLabelText('Password', {}, { timeout: 5000 }), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(within(await dialog()).getByText(BAD_CREDENTIALS)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(BAD_CREDENTIALS);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Enter your password' })).toBeTruthy();
  });

  it('opens "Uh oh." with "Verify OTP Failed" for a wrong code, then signs in with the right one', async () => {
    const sent = signInPage((path, body) =>
      path === '/user/sign-in-type/get' ? { status: 200, body: { signInType: 'otp' } }
      : path === '/otp/send' ? { status: 200, body: { message: 'sent', sentTo: ['EMAIL', 'PHONE'] } }
      : body.otp === '123456' ? signedIn()
      : { status: 401, body: { statusCode: 401, message: BAD_CREDENTIALS, display_message: BAD_CREDENTIALS } },
    );
    await submitEmail('odette@fhp.example');
    fireEvent.change(await screen.findByLabelText('One-time code', {}, { timeout: 5000 }), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const failed = await dialog();
    expect(within(failed).getByText('Verify OTP Failed')).toBeTruthy();
    expect(within(failed).getByText(BAD_CREDENTIALS)).toBeTruthy();
    fireEvent.click(within(failed).getByRole('button', { name: 'Close' }));
    fireEvent.change(screen.getByLabelText('One-time code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(window.sessionStorage.getItem('fhp.session')).toContain(PURCHASER_ROLE_UUID), { timeout: 5000 });
    const codeCalls = sent.filter((call) => call.path === '/user/sign-in');
    expect(codeCalls.map((call) => call.body)).toEqual([
      { email: 'odette@fhp.example', otp: '654321', role: PURCHASER_ROLE_UUID },
      { email: 'odette@fhp.example', otp: '123456', role: PURCHASER_ROLE_UUID },
    ]);
  });
});
