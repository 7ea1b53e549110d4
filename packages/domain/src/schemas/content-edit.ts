import { z } from 'zod';
import { emailField, PHONE_PATTERN } from './fields';

/**
 * What administrators edit of the public pages (issue 11 item 7): the FAQ's sections and their
 * entries, the landing page's texts, the footer's links and the contact lines. The form and the
 * server check the same schemas. Every edit carries the `version` it started from (the stored
 * `updatedAt`), so two admins editing the same thing cannot overwrite each other unseen.
 */

export const CONTENT_LIMITS = {
  sectionTitle: 120,
  question: 200,
  answer: 2000,
  entries: 50,
  title: 120,
  subtitle: 200,
  heroText: 600,
  stepTitle: 80,
  stepText: 400,
  steps: 8,
  payoutIntro: 800,
  footerSections: 6,
  footerLinks: 10,
  footerTitle: 60,
  linkLabel: 60,
  href: 300,
  phone: 30,
  address: 200,
} as const;

export const CONTENT_MESSAGES = {
  required: (label: string) => `${label} is required`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  tooMany: (label: string, max: number) => `At most ${max} ${label}`,
  atLeastOne: (label: string) => `Add at least one ${label}`,
  unsafeLink: 'A link must be a path on this site (starting with /), an https:// address, or a mailto: or tel: link',
  phoneInvalid: 'The phone number may contain only digits, spaces, brackets, hyphens and a leading +',
  versionMissing: 'Reload the page and edit again.',
  stale: 'Someone else saved this since you opened it. Reload to see their changes, then edit again.',
  sectionNotFound: 'This FAQ section was not found. Reload the page.',
  productNotFound: 'This product has no landing page to edit.',
  saved: 'Saved. Visitors see it within a few seconds.',
} as const;

/** Trimmed text, required, at most `max` characters, each message naming the field. */
function text(label: string, max: number) {
  return z
    .string({ error: CONTENT_MESSAGES.required(label) })
    .trim()
    .min(1, CONTENT_MESSAGES.required(label))
    .max(max, CONTENT_MESSAGES.tooLong(label, max));
}

/**
 * Links an admin may put on a public page: a path on this site (`/terms`, `/#contact`, never the
 * protocol-relative `//host`), an https address, an email (`mailto:`) or a phone (`tel:`). Nothing
 * else: `javascript:`, `data:` and plain `http:` are refused however they are spelled, because
 * only the allowed beginnings pass and whitespace or control characters never do.
 */
export function isSafeHref(href: string): boolean {
  // Browsers drop tabs and newlines inside URLs ("java\tscript:"): refuse any of them outright.
  if ([...href].some((c) => c.trim() === '' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || c === '\\')) return false;
  if (href.startsWith('/')) return !href.startsWith('//');
  if (/^mailto:[^@]+@[^@]+$/i.test(href)) return true;
  if (/^tel:\+?[0-9()-]{3,}$/i.test(href)) return true;
  if (!/^https:\/\//i.test(href)) return false;
  try {
    return new URL(href).protocol === 'https:';
  } catch {
    return false;
  }
}

const hrefField = text('Link address', CONTENT_LIMITS.href).refine(isSafeHref, CONTENT_MESSAGES.unsafeLink);

/** The `updatedAt` the editor loaded; a save against an older one is refused as stale. */
const versionField = z.string({ error: CONTENT_MESSAGES.versionMissing }).min(1, CONTENT_MESSAGES.versionMissing).max(64, CONTENT_MESSAGES.versionMissing);

export const faqEntrySchema = z.object({
  title: text('Question', CONTENT_LIMITS.question),
  content: text('Answer', CONTENT_LIMITS.answer),
});

/** One FAQ section as saved: its title and its entries in order (add, edit, reorder and delete at once). */
export const faqSectionInputSchema = z.object({
  id: z.number({ error: CONTENT_MESSAGES.sectionNotFound }).int(CONTENT_MESSAGES.sectionNotFound).positive(CONTENT_MESSAGES.sectionNotFound),
  title: text('Section title', CONTENT_LIMITS.sectionTitle),
  queAns: z
    .array(faqEntrySchema, { error: CONTENT_MESSAGES.atLeastOne('question') })
    .min(1, CONTENT_MESSAGES.atLeastOne('question'))
    .max(CONTENT_LIMITS.entries, CONTENT_MESSAGES.tooMany('questions in a section', CONTENT_LIMITS.entries)),
  version: versionField,
});
export type FaqSectionInput = z.output<typeof faqSectionInputSchema>;

export const landingTextsInputSchema = z.object({
  productId: z.string().trim().min(1, CONTENT_MESSAGES.productNotFound).max(64, CONTENT_MESSAGES.productNotFound),
  title: text('Title', CONTENT_LIMITS.title),
  subtitle: text('Subtitle', CONTENT_LIMITS.subtitle),
  heroText: text('Introduction', CONTENT_LIMITS.heroText),
  howItWorks: z
    .array(z.object({ title: text('Step title', CONTENT_LIMITS.stepTitle), text: text('Step text', CONTENT_LIMITS.stepText) }), {
      error: CONTENT_MESSAGES.atLeastOne('step'),
    })
    .min(1, CONTENT_MESSAGES.atLeastOne('step'))
    .max(CONTENT_LIMITS.steps, CONTENT_MESSAGES.tooMany('steps', CONTENT_LIMITS.steps)),
  payoutIntro: text('Payout introduction', CONTENT_LIMITS.payoutIntro),
  version: versionField,
});
export type LandingTextsInput = z.output<typeof landingTextsInputSchema>;

export const siteContentInputSchema = z.object({
  footer: z
    .array(
      z.object({
        title: text('Footer heading', CONTENT_LIMITS.footerTitle),
        links: z
          .array(z.object({ label: text('Link text', CONTENT_LIMITS.linkLabel), href: hrefField }), { error: CONTENT_MESSAGES.atLeastOne('link') })
          .min(1, CONTENT_MESSAGES.atLeastOne('link'))
          .max(CONTENT_LIMITS.footerLinks, CONTENT_MESSAGES.tooMany('links in a footer column', CONTENT_LIMITS.footerLinks)),
      }),
      { error: CONTENT_MESSAGES.atLeastOne('footer column') },
    )
    .min(1, CONTENT_MESSAGES.atLeastOne('footer column'))
    .max(CONTENT_LIMITS.footerSections, CONTENT_MESSAGES.tooMany('footer columns', CONTENT_LIMITS.footerSections)),
  contact: z.object({
    email: emailField(CONTENT_MESSAGES.required('Support email')),
    phone: text('Support phone', CONTENT_LIMITS.phone).regex(PHONE_PATTERN, CONTENT_MESSAGES.phoneInvalid),
    address: text('Address', CONTENT_LIMITS.address),
  }),
  version: versionField,
});
export type SiteContentInput = z.output<typeof siteContentInputSchema>;

const ORDINAL_LABELS: Readonly<Record<string, string>> = { queAns: 'Question', howItWorks: 'Step', footer: 'Footer column', links: 'Link' };

/**
 * Where in an edit a refusal points, in words: `['footer', 1, 'links', 0, 'href']` is "Footer
 * column 2, link 1". The server prefixes its sentence with it, so a refusal of a long form still
 * says which row to fix; the form shows the bare sentence under the field itself.
 */
export function contentIssuePlace(path: readonly PropertyKey[]): string | null {
  const parts: string[] = [];
  for (let i = 0; i < path.length - 1; i += 1) {
    const key = path[i];
    const index = path[i + 1];
    if (typeof key === 'string' && typeof index === 'number' && ORDINAL_LABELS[key]) {
      const label = ORDINAL_LABELS[key];
      parts.push(`${parts.length === 0 ? label : label.toLowerCase()} ${index + 1}`);
    }
  }
  return parts.length === 0 ? null : parts.join(', ');
}
