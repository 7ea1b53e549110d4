import { describe, expect, it } from 'vitest';
import { defineAbilityFor } from '../identity/abilities';
import { CONTENT_MESSAGES, contentIssuePlace, faqSectionInputSchema, isSafeHref, siteContentInputSchema } from './content-edit';

describe('content edits', () => {
  it('accepts links on this site, https, mailto and tel, and nothing that could run a script', () => {
    for (const href of ['/terms', '/#contact', '/product/fhp/faq', 'https://example.org/a?b=1', 'mailto:help@fhp.example', 'tel:+14735550142']) {
      expect(isSafeHref(href), href).toBe(true);
    }
    for (const href of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      'http://example.org',
      '//evil.example',
      '/\\evil.example',
      'https://',
      'mailto:',
      'terms',
    ]) {
      expect(isSafeHref(href), href).toBe(false);
    }
  });

  it('refuses an empty question, an overlong answer and an unsafe footer link in words, naming the row', () => {
    const faq = faqSectionInputSchema.safeParse({
      id: 1,
      title: 'How the cover works',
      queAns: [{ title: 'Fine?', content: 'Yes.' }, { title: '  ', content: 'x'.repeat(2001) }],
      version: 'v',
    });
    expect(faq.success).toBe(false);
    const issues = faq.error!.issues.map((issue) => `${contentIssuePlace(issue.path)}: ${issue.message}`);
    expect(issues).toEqual(['Question 2: Question is required', 'Question 2: Answer must be at most 2000 characters']);

    const site = siteContentInputSchema.safeParse({
      footer: [{ title: 'Support', links: [{ label: 'Help', href: '/help' }, { label: 'Click', href: 'javascript:alert(1)' }] }],
      contact: { email: 'support@fhp.example', phone: '+1 (473) 555-0142', address: 'St. George’s' },
      version: 'v',
    });
    expect(site.success).toBe(false);
    expect(site.error!.issues.map((issue) => [contentIssuePlace(issue.path), issue.message])).toEqual([['Footer column 1, link 2', CONTENT_MESSAGES.unsafeLink]]);
  });

  it('lets administrators and the owner edit content, nobody else', () => {
    const can = (role: Parameters<typeof defineAbilityFor>[0]) => defineAbilityFor(role).can('update', 'Content');
    expect(can({ id: 'a', role: 'admin' })).toBe(true);
    expect(can({ id: 'm', role: 'master admin' })).toBe(true);
    expect(can({ id: 'o', role: 'owner' })).toBe(true);
    expect(can({ id: 'p', role: 'purchaser' })).toBe(false);
    expect(can({ id: 't', role: 'teller' })).toBe(false);
    expect(can(null)).toBe(false);
  });
});
