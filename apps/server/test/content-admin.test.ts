/**
 * Content edited by an administrator (issue 11 item 7): FAQ sections (entries added, edited, moved,
 * removed), the landing page's texts, the footer and contact. An edit reaches the next anonymous
 * query (the public answer cache is cleared) and the next index.html (its inlined data and its
 * prerendered page), is written to the transaction log, and bad or stale edits are refused in words.
 */
import { CONTENT_MESSAGES } from '@fhp/domain';
import { and, eq } from 'drizzle-orm';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { transactionLog } from '../src/db/schema';
import { describeApp, gql } from './harness';
import { gqlAs, tokenFor, userId } from './identity-helpers';

/*
 * A built web app in miniature: index.html, and a prerender that writes each FAQ question and the
 * footer's labels into the page, as the real one (apps/web/src/entry-server.tsx) draws them.
 */
const root = mkdtempSync(join(tmpdir(), 'fhp-content-'));
const dist = join(root, 'dist');
mkdirSync(dist);
mkdirSync(join(root, 'dist-ssr'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>FHP</title></head><body><div id="root"></div></body></html>');
writeFileSync(
  join(root, 'dist-ssr', 'entry-server.js'),
  `export async function render(url, data) {
    const faq = (data.getFAQ?.END_USER ?? []).flatMap((s) => s.queAns.map((q) => '<h3>' + q.title + '</h3>'));
    const footer = data.pageContent.footer.flatMap((s) => s.links.map((l) => '<a href="' + l.href + '">' + l.label + '</a>'));
    return '<main>' + faq.join('') + '</main><footer>' + footer.join('') + '</footer>';
  }`,
);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const ADMIN_CONTENT = `{ adminContent {
  faqSections { id dashboard title queAns { title content } version }
  landing { productId title subtitle heroText howItWorks { title text } payoutIntro version }
  site { footer { title links { label href } } contact { email phone address } version }
} }`;
const SAVE_FAQ = 'mutation($input: FaqSectionInput!) { saveFaqSection(input: $input) { id title queAns { title content } version } }';
const SAVE_LANDING = 'mutation($input: LandingTextsInput!) { saveLandingTexts(input: $input) { title version } }';
const SAVE_SITE = 'mutation($input: SiteContentInput!) { saveSiteContent(input: $input) { footer { title links { label href } } contact { email } version } }';
const PUBLIC_FAQ = '{ getFAQ(input: { dashboard: END_USER }) { title queAns { title content } } }';

interface QA {
  title: string;
  content: string;
}
interface Section {
  id: number;
  dashboard: string;
  title: string;
  queAns: QA[];
  version: string;
}
interface AdminContent {
  adminContent: {
    faqSections: Section[];
    landing: { productId: string; title: string; subtitle: string; heroText: string; howItWorks: { title: string; text: string }[]; payoutIntro: string; version: string }[];
    site: { footer: { title: string; links: { label: string; href: string }[] }[]; contact: { email: string; phone: string; address: string }; version: string };
  };
}

describeApp(
  'admin: content editing',
  (suite) => {
    let admin: string;
    beforeAll(async () => {
      admin = await tokenFor(suite.app, 'admin@fhp.example');
    });
    const load = async () => (await gqlAs<AdminContent>(suite.app, admin, ADMIN_CONTENT)).body.data!.adminContent;
    const anonymousFaq = () => suite.app.inject({ method: 'POST', url: '/graphql', payload: { query: PUBLIC_FAQ } });
    const page = async (path: string) => (await suite.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } })).body;

    it('edits, adds, moves and removes FAQ entries; the next anonymous query and page show it; the log has it', async () => {
      const content = await load();
      const section = content.faqSections.find((s) => s.dashboard === 'END_USER')!;
      const [first, second, ...rest] = section.queAns;
      // Warm the shared answer and the page: both must be replaced by the edit, not served stale.
      expect((await anonymousFaq()).headers['x-graphql-cache']).toBe('miss');
      expect((await anonymousFaq()).headers['x-graphql-cache']).toBe('hit');
      expect(await page('/product/fhp/faq')).toContain(`<h3>${first!.title}</h3>`);

      const edited = { title: 'What exactly is Flexible Hurricane Protection?', content: first!.content };
      const added = { title: 'Can I change my option later?', content: 'Not during a season: choose again when you renew.' };
      // The second question moves to the front, the first is edited, the last is removed, one is added.
      const queAns = [second!, edited, ...rest.slice(0, -1), added];
      const saved = await gqlAs<{ saveFaqSection: Section }>(suite.app, admin, SAVE_FAQ, { input: { id: section.id, title: section.title, queAns, version: section.version } });
      expect(saved.body.errors).toBeUndefined();
      expect(saved.body.data?.saveFaqSection.queAns).toEqual(queAns);

      const after = await anonymousFaq();
      expect(after.headers['x-graphql-cache']).toBe('miss');
      const publicSection = after.json<{ data: { getFAQ: { title: string; queAns: QA[] }[] } }>().data.getFAQ.find((s) => s.title === section.title)!;
      expect(publicSection.queAns).toEqual(queAns);
      const html = await page('/product/fhp/faq');
      expect(html).toContain(`<h3>${edited.title}</h3>`);
      expect(html).toContain(`<h3>${added.title}</h3>`);
      expect(html).not.toContain(`<h3>${first!.title}</h3>`);
      // The landing page's teaser follows the first section's first questions.
      const landing = await gql<{ landingContent: { faqTeaser: QA[] } }>(suite.app, '{ landingContent(productId: "fhp") { faqTeaser { title content } } }');
      expect(landing.body.data?.landingContent.faqTeaser).toEqual(queAns.slice(0, 3));

      const [logged] = await suite.app.db
        .select()
        .from(transactionLog)
        .where(and(eq(transactionLog.type, 'CONTENT_EDIT'), eq(transactionLog.performedBy, await userId(suite.app, 'admin@fhp.example'))));
      expect(logged).toMatchObject({ action: 'FAQ section saved', location: 'Back office' });
      expect(logged?.payload).toMatchObject({ faqSectionId: section.id, before: { queAns: section.queAns }, after: { queAns } });

      // Saved against what the editor loaded before: someone else's save is not overwritten.
      const stale = await gqlAs(suite.app, admin, SAVE_FAQ, { input: { id: section.id, title: section.title, queAns: section.queAns, version: section.version } });
      expect(stale.body.errors?.[0]?.message).toBe(CONTENT_MESSAGES.stale);
    });

    it('refuses an empty question, an overlong answer, an unknown section and a duplicate title in words, storing nothing', async () => {
      const section = (await load()).faqSections.find((s) => s.dashboard === 'END_USER')!;
      const save = (patch: Partial<Section>) => gqlAs(suite.app, admin, SAVE_FAQ, { input: { id: section.id, title: section.title, queAns: section.queAns, version: section.version, ...patch } });
      const cases: [Partial<Section>, string][] = [
        [{ queAns: [...section.queAns, { title: ' ', content: 'An answer' }] }, `Question ${section.queAns.length + 1}: Question is required`],
        [{ queAns: [{ title: 'Long?', content: 'x'.repeat(2001) }] }, 'Question 1: Answer must be at most 2000 characters'],
        [{ queAns: [] }, 'Add at least one question'],
        [{ title: '' }, 'Section title is required'],
        [{ id: 999_999 }, CONTENT_MESSAGES.sectionNotFound],
      ];
      for (const [patch, message] of cases) {
        const { body } = await save(patch);
        expect(body.errors?.[0], JSON.stringify(patch).slice(0, 80)).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
      }
      const other = (await load()).faqSections.find((s) => s.dashboard === 'END_USER' && s.id !== section.id);
      if (other) expect((await save({ title: other.title })).body.errors?.[0]?.message).toBe(`Another section is already called “${other.title}”.`);
      expect((await load()).faqSections.find((s) => s.id === section.id)).toEqual(section);
    });

    it('edits the landing texts, the footer and the contact; refuses a javascript: link; pages show the edit', async () => {
      const { landing, site } = await load();
      const fhp = landing.find((l) => l.productId === 'fhp')!;
      const { version, ...texts } = fhp;
      const savedLanding = await gqlAs<{ saveLandingTexts: { title: string } }>(suite.app, admin, SAVE_LANDING, {
        input: { ...texts, subtitle: 'Hurricane cover that pays by itself', howItWorks: [...fhp.howItWorks, { title: 'Renew', text: 'Renew before June 1.' }], version },
      });
      expect(savedLanding.body.errors).toBeUndefined();
      const anonymous = await gql<{ landingContent: { subtitle: string; howItWorks: unknown[] } }>(suite.app, '{ landingContent(productId: "fhp") { subtitle howItWorks { title } } }');
      expect(anonymous.body.data?.landingContent).toMatchObject({ subtitle: 'Hurricane cover that pays by itself' });
      expect(anonymous.body.data?.landingContent.howItWorks).toHaveLength(fhp.howItWorks.length + 1);

      const unsafe = [{ title: 'Support', links: [{ label: 'Help', href: '/product/fhp/faq' }, { label: 'Free money', href: 'javascript:alert(document.cookie)' }] }];
      const refused = await gqlAs(suite.app, admin, SAVE_SITE, { input: { footer: unsafe, contact: site.contact, version: site.version } });
      expect(refused.body.errors?.[0]?.message).toBe(`Footer column 1, link 2: ${CONTENT_MESSAGES.unsafeLink}`);
      expect(await page('/')).not.toContain('javascript:');

      const footer = [...site.footer, { title: 'Partners', links: [{ label: 'Grenada Co-operative Bank', href: 'https://example.org/gcb' }] }];
      const contact = { email: 'help@fhp.example', phone: '+1 (473) 555-0199', address: site.contact.address };
      const savedSite = await gqlAs<{ saveSiteContent: { version: string } }>(suite.app, admin, SAVE_SITE, { input: { footer, contact, version: site.version } });
      expect(savedSite.body.errors).toBeUndefined();
      const home = await page('/');
      expect(home).toContain('<a href="https://example.org/gcb">Grenada Co-operative Bank</a>');
      expect(home).toContain('help@fhp.example');
      const support = await gql<{ landingContent: { supportEmail: string; supportPhone: string } }>(suite.app, '{ landingContent(productId: "fhp") { supportEmail supportPhone } }');
      expect(support.body.data?.landingContent).toEqual({ supportEmail: 'help@fhp.example', supportPhone: '+1 (473) 555-0199' });
      const log = await suite.app.db.select({ action: transactionLog.action }).from(transactionLog).where(eq(transactionLog.type, 'CONTENT_EDIT'));
      expect(log.map((l) => l.action)).toEqual(expect.arrayContaining(['Landing page texts saved', 'Footer and contact saved']));
    });

    it('is for administrators and the owner only', async () => {
      for (const email of ['purchaser@fhp.example', 'teller@fhp.example']) {
        const token = await tokenFor(suite.app, email);
        expect((await gqlAs(suite.app, token, ADMIN_CONTENT)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      }
      expect((await gql(suite.app, ADMIN_CONTENT)).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      const owner = await tokenFor(suite.app, 'owner@fhp.example');
      expect((await gqlAs(suite.app, owner, ADMIN_CONTENT)).body.errors).toBeUndefined();
    });
  },
  { env: { WEB_DIST_DIR: dist } },
);
