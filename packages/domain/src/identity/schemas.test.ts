import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EMAIL_PATTERN, emailProblem } from './email';
import {
  accessTokenBodySchema,
  emailSchema,
  invitationSendBodySchema,
  inviteBodySchema,
  otpSendBodySchema,
  passwordSchema,
  signInBodySchema,
  signInTypeBodySchema,
  signUpBodySchema,
  verifyByOtpBodySchema,
} from './schemas';

const UUID = '0b6f0a5e-2f9a-4c7e-9d1b-1f2e3d4c5b6a';

/** The message the customer would see: the first issue's. */
function messageOf(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('email', () => {
  it('is trimmed and lower-cased', () => {
    expect(emailSchema.parse('  Ann.Lee@Example.COM ')).toBe('ann.lee@example.com');
    expect(signUpBodySchema.parse({ email: ' A@B.co' })).toEqual({ email: 'a@b.co' });
  });

  it.each([
    [undefined, 'Email is required'],
    ['   ', 'Email is required'],
    ['ann@', 'Please enter a valid email address'],
  ])('rejects %j with %j', (email, message) => {
    expect(messageOf(signInTypeBodySchema, { email })).toBe(message);
  });

  it("uses zod's own email pattern", () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
  });

  it('is the rule forms check without zod (emailProblem), word for word', () => {
    const inputs = ['', '   ', 'ann@', 'ann@example', ' Ann.Lee@Example.COM ', "o'brien+fhp@mail.example.gd", '.ann@example.com', 'ann..lee@example.com', 'ann@-example.com', `${'a'.repeat(250)}@x.co`];
    for (const input of inputs) expect(emailProblem(input), input).toBe(messageOf(emailSchema, input));
  });
});

describe('password rule', () => {
  it('asks for at least 10 characters and keeps spaces', () => {
    expect(messageOf(passwordSchema, 'short')).toBe('Password must be at least 10 characters');
    expect(passwordSchema.parse(' ten chars ')).toBe(' ten chars ');
  });
});

describe('sign-in', () => {
  it('accepts a password sign-in and defaults a missing role to null', () => {
    expect(signInBodySchema.parse({ email: 'a@b.co', password: 'x' })).toEqual({ email: 'a@b.co', password: 'x', role: null });
  });

  it('keeps the purchaser role uuid and a trimmed code', () => {
    const body = signInBodySchema.parse({ email: 'a@b.co', password: 'x', otp: ' 012345 ', role: UUID });
    expect(body).toMatchObject({ otp: '012345', role: UUID });
  });

  it('does not reveal the password rule at sign-in', () => {
    expect(signInBodySchema.safeParse({ email: 'a@b.co', password: 'short', role: null }).success).toBe(true);
  });

  it('needs a password, a code or a token', () => {
    expect(messageOf(signInBodySchema, { email: 'a@b.co', role: null })).toBe('Enter your password or the code we sent you');
  });

  it('rejects a role that is not a uuid', () => {
    expect(messageOf(signInBodySchema, { email: 'a@b.co', password: 'x', role: 'purchaser' })).toBe('The selected role is not valid');
  });
});

describe('one-time codes', () => {
  it.each(['12345', '1234567', 'abcdef', '12 456'])('rejects %j with the 6-digit message', (otp) => {
    expect(messageOf(verifyByOtpBodySchema, { email: 'a@b.co', otp })).toBe('Enter the 6-digit code we sent you');
  });

  it('sends to one channel, or for sign-in to the registered channels whatever number the body names', () => {
    expect(otpSendBodySchema.parse({ email: 'a@b.co', sendOn: 'PHONE' })).toEqual({ email: 'a@b.co', sendOn: 'PHONE' });
    expect(otpSendBodySchema.parse({ email: 'a@b.co' })).toEqual({ email: 'a@b.co' });
    expect(otpSendBodySchema.parse({ email: 'a@b.co', phoneNumber: ' +1 473 555 0100 ' })).toEqual({ email: 'a@b.co' });
  });

  it.each([
    [{ email: 'a@b.co', sendOn: 'EMAIL', phoneNumber: '4735550100' }, 'Send the code either to a channel or to a phone number, not both'],
    [{ email: 'a@b.co', phoneNumber: '555' }, 'Minimum length of Phone Number should be 8'],
    [{ email: 'a@b.co', sendOn: 'FAX' }, 'Choose where to send the code: EMAIL or PHONE'],
  ])('rejects %j with %j', (body, message) => {
    expect(messageOf(otpSendBodySchema, body)).toBe(message);
  });
});

describe('access token', () => {
  it('needs a token', () => {
    expect(accessTokenBodySchema.parse({ jwtToken: ' abc ', role: null })).toEqual({ jwtToken: 'abc', role: null });
    expect(messageOf(accessTokenBodySchema, { jwtToken: '  ', role: null })).toBe('The sign-in link is not valid. Please sign in again');
  });
});

describe('invitations', () => {
  const invite = { email: 'New@Teller.co', firstName: ' Ann ', lastName: 'Lee', role: { name: 'teller' } };

  it('accepts an invite and tidies names and email', () => {
    expect(inviteBodySchema.parse(invite)).toEqual({ email: 'new@teller.co', firstName: 'Ann', lastName: 'Lee', role: { name: 'teller' } });
  });

  it('requires the first name with the spec message', () => {
    expect(messageOf(inviteBodySchema, { ...invite, firstName: '' })).toBe('First Name is required');
  });

  it('never invites an owner', () => {
    expect(messageOf(inviteBodySchema, { ...invite, role: { name: 'owner' } })).toBe('Choose a role: admin, master admin, teller, purchaser');
  });

  it('sends only email verification invitations', () => {
    expect(invitationSendBodySchema.parse({ email: 'a@b.co', inviteType: 'EMAIL_VERIFICATION' }).inviteType).toBe('EMAIL_VERIFICATION');
    expect(messageOf(invitationSendBodySchema, { email: 'a@b.co', inviteType: 'RESET' })).toBe('inviteType must be EMAIL_VERIFICATION');
  });
});
