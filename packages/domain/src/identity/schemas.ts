import { z } from 'zod';
import { INVITABLE_ROLES } from './roles';
import { CODE_LENGTH } from './otp-policy';
import { EMAIL_MAX_LENGTH, EMAIL_MESSAGES, EMAIL_PATTERN } from './email';
import { nameText, TEXT_LIMITS } from '../schemas/fields';
import { KYC_MESSAGES } from '../schemas/messages';

/**
 * Bodies of the identity REST routes (`/iam/v1`). Every message is shown to the customer as the
 * error's display_message, so each reads well on its own and says what to do.
 */

/**
 * Trimmed and lower-cased before the format check, so " Ann@Example.com" signs in as ann@example.com.
 * The same rule as emailProblem (email.ts), which checks it without zod.
 */
export const emailSchema = z
  .string({ error: EMAIL_MESSAGES.required })
  .trim()
  .toLowerCase()
  .min(1, EMAIL_MESSAGES.required)
  .max(EMAIL_MAX_LENGTH, EMAIL_MESSAGES.tooLong)
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: EMAIL_MESSAGES.invalid }));

export const PASSWORD_MIN_LENGTH = 10;
// Bounds the cost of hashing an attacker-chosen input.
export const PASSWORD_MAX_LENGTH = 128;

/** The rule for choosing a password (sign-up, reset). Never trimmed: spaces are part of it. */
export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/**
 * A password typed at sign-in is only bounded: repeating the length rule here would tell a
 * guesser something, and a wrong password gets the same answer whatever its length.
 */
const signInPasswordSchema = z
  .string({ error: 'Enter your password' })
  .min(1, 'Enter your password')
  .max(PASSWORD_MAX_LENGTH, 'Enter your password');

const OTP_MESSAGE = `Enter the ${CODE_LENGTH}-digit code we sent you`;
export const otpCodeSchema = z
  .string({ error: OTP_MESSAGE })
  .trim()
  .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), OTP_MESSAGE);

const jwtTokenSchema = z
  .string({ error: 'The sign-in link is not valid. Please sign in again' })
  .trim()
  .min(1, 'The sign-in link is not valid. Please sign in again')
  .max(8192, 'The sign-in link is not valid. Please sign in again');

/** The uuid of the role named purchaser, or null (spec part 1 section 6); missing counts as null. */
const roleUuidSchema = z
  .uuid({ error: 'The selected role is not valid' })
  .nullish()
  .transform((value) => value ?? null);

const phoneNumberSchema = z
  .string({ error: 'Phone Number is required' })
  .trim()
  .min(1, 'Phone Number is required')
  .min(8, 'Minimum length of Phone Number should be 8')
  .max(20, 'Phone Number must be at most 20 characters')
  .regex(/^\+?[0-9][0-9 ()-]*$/, 'Phone Number may contain only digits, spaces, brackets, dashes and a leading +');

export const signInTypeBodySchema = z.object({ email: emailSchema });

/**
 * The email may be left out only with a sign-in link's token (`jwtToken`), which names its user:
 * the page that reads the token from its address does not know who it is for.
 */
export const signInBodySchema = z
  .object({
    email: emailSchema.optional(),
    password: signInPasswordSchema.optional(),
    otp: otpCodeSchema.optional(),
    jwtToken: jwtTokenSchema.optional(),
    role: roleUuidSchema,
  })
  .refine((body) => body.email !== undefined || body.jwtToken !== undefined, { error: EMAIL_MESSAGES.required, path: ['email'] })
  .refine((body) => body.password !== undefined || body.otp !== undefined || body.jwtToken !== undefined, {
    error: 'Enter your password or the code we sent you',
  });

export const signUpBodySchema = z.object({ email: emailSchema });

export const accessTokenBodySchema = z.object({ jwtToken: jwtTokenSchema, role: roleUuidSchema });

export const verifyByOtpBodySchema = z.object({ email: emailSchema, otp: otpCodeSchema });

/**
 * Where the profile screen sends a code. The spec names the field but not its values; a channel
 * is our decision (the phone number itself comes from the profile on the server).
 */
export const OTP_CHANNELS = ['EMAIL', 'PHONE'] as const;

export type OtpChannel = (typeof OTP_CHANNELS)[number];

/**
 * `{ email, sendOn }` (profile: one channel) or, for sign-in, `{ email }` or the spec's
 * `{ email, phoneNumber }`: the code goes to the account's registered email and phone (a number in
 * the body is never texted; the web cannot know the phone before sign-in, so it sends `{ email }`).
 * One object refined to "not both" rather than a zod union, whose failure message ("Invalid input")
 * would be useless to a customer.
 */
export const otpSendBodySchema = z
  .object({
    email: emailSchema,
    sendOn: z.enum(OTP_CHANNELS, { error: 'Choose where to send the code: EMAIL or PHONE' }).optional(),
    phoneNumber: phoneNumberSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.sendOn !== undefined && body.phoneNumber !== undefined) {
      ctx.addIssue({ code: 'custom', message: 'Send the code either to a channel or to a phone number, not both' });
    }
  })
  .transform(({ email, sendOn }) => (sendOn !== undefined ? { email, sendOn } : { email }));

export const inviteBodySchema = z.object({
  email: emailSchema,
  // Names as people write them, by the same rule and messages as the KYC form's.
  firstName: nameText(KYC_MESSAGES.firstNameRequired, KYC_MESSAGES.firstNameAlpha, TEXT_LIMITS.firstName),
  lastName: nameText(KYC_MESSAGES.lastNameRequired, KYC_MESSAGES.lastNameAlpha, TEXT_LIMITS.lastName),
  // Whether to email the invitation now; an imported user can be invited later.
  invite: z.boolean({ error: 'invite must be true or false' }).optional(),
  role: z.object(
    {
      name: z.enum(INVITABLE_ROLES, { error: `Choose a role: ${INVITABLE_ROLES.join(', ')}` }),
    },
    { error: `Choose a role: ${INVITABLE_ROLES.join(', ')}` },
  ),
});

export const invitationSendBodySchema = z.object({
  email: emailSchema,
  inviteType: z.literal('EMAIL_VERIFICATION', { error: 'inviteType must be EMAIL_VERIFICATION' }),
});

export type SignInTypeBody = z.output<typeof signInTypeBodySchema>;
export type SignInBody = z.output<typeof signInBodySchema>;
export type SignUpBody = z.output<typeof signUpBodySchema>;
export type AccessTokenBody = z.output<typeof accessTokenBodySchema>;
export type VerifyByOtpBody = z.output<typeof verifyByOtpBodySchema>;
export type OtpSendBody = z.output<typeof otpSendBodySchema>;
export type InviteBody = z.output<typeof inviteBodySchema>;
export type InvitationSendBody = z.output<typeof invitationSendBodySchema>;
