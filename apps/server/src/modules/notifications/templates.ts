/**
 * Message texts. Each email has a plain-text body (what the spec's wording is checked against, and
 * what text-only clients show) and a small HTML body. Subjects carry no codes and no user input:
 * the development outbox logs subjects, and a subject is a header, where a stray line break
 * would be trouble.
 */

export const BRAND = 'Flexible Hurricane Protection';
const DEFAULT_CODE_MINUTES = 10;

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/**
 * Tagged template that escapes every interpolated value, so no template can forget to escape a
 * name. Fragments that are already HTML are passed as `TrustedHtml` (made only by this tag), and
 * a list of them (table rows) is joined as it is.
 */
class TrustedHtml {
  constructor(readonly value: string) {}
}
// The type only: outside this file, markup is made with the tag, never by wrapping a string.
export type { TrustedHtml };

export type HtmlValue = string | number | TrustedHtml | readonly TrustedHtml[];

function renderValue(value: HtmlValue): string {
  if (value instanceof TrustedHtml) return value.value;
  if (Array.isArray(value)) return value.map((fragment: TrustedHtml) => fragment.value).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): TrustedHtml {
  const parts = strings.map((literal, index) => (index === 0 ? literal : renderValue(values[index - 1]!) + literal));
  return new TrustedHtml(parts.join(''));
}

/** One shared frame, so every email looks alike and the brand name appears once in code. */
export function emailLayout(body: TrustedHtml): string {
  return html`<!doctype html>
<html lang="en"><body style="font-family: Arial, Helvetica, sans-serif; color: #1f2933; line-height: 1.5;">
<p style="font-weight: bold; color: #0b4f8a;">${BRAND}</p>
${body}
</body></html>`.value;
}

export interface OneTimeCodeTemplateInput {
  code: string;
  expiresInMinutes?: number;
}

function codeSentence({ code, expiresInMinutes = DEFAULT_CODE_MINUTES }: OneTimeCodeTemplateInput): string {
  return `Your ${BRAND} code is ${code}. It expires in ${expiresInMinutes} minutes.`;
}

export function oneTimeCodeEmail(input: OneTimeCodeTemplateInput): RenderedEmail {
  const minutes = input.expiresInMinutes ?? DEFAULT_CODE_MINUTES;
  return {
    subject: `Your ${BRAND} code`,
    text: `${codeSentence(input)} If you did not ask for it, ignore this email.`,
    html: emailLayout(html`<p>Your ${BRAND} code is</p>
<p style="font-size: 28px; font-weight: bold; letter-spacing: 4px;">${input.code}</p>
<p>It expires in ${minutes} minutes. If you did not ask for it, ignore this email.</p>`),
  };
}

/** SMS has no room for the email's last sentence; a code by text is expected to be ignorable. */
export function oneTimeCodeSms(input: OneTimeCodeTemplateInput): string {
  return codeSentence(input);
}

export interface InvitationTemplateInput {
  /** The invitee's first name, as typed by the administrator. */
  firstName?: string | undefined;
  /** Role title as shown to people, e.g. "Admin". */
  roleTitle?: string | undefined;
  /** Where the invitee verifies the email address and sets up the account. */
  acceptUrl: string;
}

/** Only web links: a `javascript:` or `data:` URL in an email button is an attack, not a link. */
function assertWebUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('The invitation link must be an absolute URL');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error('The invitation link must be an http or https URL');
  }
  return parsed.href;
}

export function invitationEmail({ firstName, roleTitle, acceptUrl }: InvitationTemplateInput): RenderedEmail {
  const link = assertWebUrl(acceptUrl);
  const name = firstName?.trim() ?? '';
  const greeting = name === '' ? 'Hello,' : `Hello ${name},`;
  const role = roleTitle?.trim() ?? '';
  const invitation =
    role === '' ? `You have been invited to ${BRAND}.` : `You have been invited to ${BRAND} as ${role}.`;
  const closing = 'If you did not expect this invitation, ignore this email.';
  return {
    subject: `You are invited to ${BRAND}`,
    text: `${greeting}\n\n${invitation}\nOpen this link to verify your email address and set up your account:\n${link}\n\n${closing}`,
    html: emailLayout(html`<p>${greeting}</p>
<p>${invitation}</p>
<p><a href="${link}" style="background: #0b4f8a; color: #ffffff; padding: 10px 18px; text-decoration: none; border-radius: 4px;">Accept the invitation</a></p>
<p>Or copy this link into your browser: ${link}</p>
<p>${closing}</p>`),
  };
}

/**
 * Sent instead of a sign-up code when the email already has a password account: the sign-up
 * answer stays the same for every email, and only the owner of the mailbox learns the account exists.
 */
export function accountExistsEmail({ signInUrl }: { signInUrl: string }): RenderedEmail {
  const link = assertWebUrl(signInUrl);
  const text = `Someone (hopefully you) asked to sign up to ${BRAND} with this email address, which already has an account.`;
  const closing = 'If it was not you, ignore this email; your account is unchanged.';
  return {
    subject: `Your ${BRAND} account`,
    text: `${text}\nSign in here instead:\n${link}\n\n${closing}`,
    html: emailLayout(html`<p>${text}</p>
<p><a href="${link}">Sign in instead</a></p>
<p>${closing}</p>`),
  };
}
