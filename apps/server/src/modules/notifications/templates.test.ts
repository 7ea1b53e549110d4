import { describe, expect, it } from 'vitest';
import { escapeHtml, invitationEmail, oneTimeCodeEmail } from './templates';

describe('email templates', () => {
  it('words the code email as the product asks, and keeps the code out of the subject', () => {
    const email = oneTimeCodeEmail({ code: '123456' });
    expect(email.text).toBe(
      'Your Flexible Hurricane Protection code is 123456. It expires in 10 minutes. If you did not ask for it, ignore this email.',
    );
    expect(email.subject).not.toContain('123456');
    expect(email.html).toContain('123456');
    expect(email.html).toContain('It expires in 10 minutes. If you did not ask for it, ignore this email.');
  });

  it('escapes user-provided text in the invitation HTML but keeps it readable in the text', () => {
    const email = invitationEmail({
      firstName: `<img src=x onerror="alert('x')">`,
      roleTitle: 'Admin & "Owner"',
      acceptUrl: 'https://portal.example/accept?token=a"b',
    });
    expect(email.html).not.toContain('<img');
    expect(email.html).toContain('&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;');
    expect(email.html).toContain('as Admin &amp; &quot;Owner&quot;.');
    // The URL is normalized (the quote percent-encoded) before it reaches the attribute.
    expect(email.html).toContain('href="https://portal.example/accept?token=a%22b"');
    expect(email.text).toContain(`Hello <img src=x onerror="alert('x')">,`);
    expect(email.subject).toBe('You are invited to Flexible Hurricane Protection');
  });

  it('greets without a name when none is given', () => {
    const email = invitationEmail({ acceptUrl: 'https://portal.example/accept' });
    expect(email.text.startsWith('Hello,\n')).toBe(true);
    expect(email.text).toContain('You have been invited to Flexible Hurricane Protection.');
  });

  it('refuses a link that is not http or https', () => {
    expect(() => invitationEmail({ acceptUrl: 'javascript:alert(1)' })).toThrow(/http/);
    expect(() => invitationEmail({ acceptUrl: '/relative/path' })).toThrow(/absolute/);
  });

  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
