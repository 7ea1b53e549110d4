import { canonicalJson, CONTENT_MESSAGES, type FaqSectionInput, type JsonValue, type LandingTextsInput, type SiteContentInput } from '@fhp/domain';
import { createHash } from 'node:crypto';
import { and, asc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { content, faqs } from '../../db/schema';
import { userInputError } from '../../graphql/errors';
import { appendTransaction, TXN_LOCATIONS, TXN_TYPES } from '../audit';
import { CONTENT_KEYS, landingContentShape, pageContentShape, type LandingContent, type PageContent, type QueAns } from './content-shapes';
import type { Dashboard } from './repository';

/**
 * Administrators' edits of the public pages (issue 11 item 7; decision 071): FAQ sections, the
 * landing page's texts, the footer and the contact lines. Each save runs through the catalogue
 * (modules/catalogue): one transaction with the catalogue version's bump, after which every
 * instance forgets its public answers, so the next anonymous query and the next index.html (whose
 * inlined data and prerendered page are made per data) show the edit. Each save is written to the
 * transaction log with what it replaced.
 */

/**
 * A short fingerprint of what an editor loaded: a save against anything else is stale. Keys are
 * sorted first: jsonb hands objects back in its own key order, not the order they were written in.
 */
export function contentVersion(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value as JsonValue)).digest('base64url').slice(0, 22);
}

export interface FaqSectionView {
  id: number;
  dashboard: Dashboard;
  title: string;
  queAns: QueAns[];
  version: string;
}

export type LandingTextsView = Pick<LandingContent, 'productId' | 'title' | 'subtitle' | 'heroText' | 'howItWorks' | 'payoutIntro'> & { version: string };
export type SiteContentView = Pick<PageContent, 'footer' | 'contact'> & { version: string };

const faqVersion = (row: { title: string; queAns: QueAns[] }) => contentVersion([row.title, row.queAns]);
const landingTexts = (l: LandingContent) => ({ productId: l.productId, title: l.title, subtitle: l.subtitle, heroText: l.heroText, howItWorks: l.howItWorks, payoutIntro: l.payoutIntro });
const siteParts = (p: PageContent) => ({ footer: p.footer, contact: p.contact });

export async function listFaqSections(db: Db): Promise<FaqSectionView[]> {
  const rows = await db.select().from(faqs).orderBy(asc(faqs.dashboard), asc(faqs.position), asc(faqs.id));
  return rows.map((row) => ({ id: row.id, dashboard: row.dashboard, title: row.title, queAns: row.queAns, version: faqVersion(row) }));
}

async function landingDocuments(db: Db): Promise<{ key: string; value: LandingContent }[]> {
  const rows = await db.select().from(content).where(like(content.key, `${CONTENT_KEYS.landing('')}%`)).orderBy(asc(content.key));
  return rows.map((row) => ({ key: row.key, value: landingContentShape.parse(row.value) }));
}

export async function listLandingTexts(db: Db): Promise<LandingTextsView[]> {
  return (await landingDocuments(db)).map(({ value }) => ({ ...landingTexts(value), version: contentVersion(landingTexts(value)) }));
}

async function pageContent(db: Db, forUpdate = false): Promise<PageContent> {
  const query = db.select({ value: content.value }).from(content).where(eq(content.key, CONTENT_KEYS.page));
  const [row] = await (forUpdate ? query.for('update') : query);
  // Seeded on first start: missing is a broken deployment, not an admin's mistake.
  if (!row) throw new Error('page content is missing from the database');
  return pageContentShape.parse(row.value);
}

export async function siteContent(db: Db): Promise<SiteContentView> {
  const parts = siteParts(await pageContent(db));
  return { ...parts, version: contentVersion(parts) };
}

function assertCurrent(stored: unknown, version: string): void {
  if (contentVersion(stored) !== version) throw userInputError(CONTENT_MESSAGES.stale);
}

/** Who saves, for the log: the signed-in administrator is both owner and performer of the entry. */
async function logEdit(tx: Db, actorId: string, action: string, payload: Record<string, unknown>, at: Date): Promise<void> {
  await appendTransaction(tx, { ownerId: actorId, performedBy: actorId, type: TXN_TYPES.CONTENT_EDIT, action, payload, location: TXN_LOCATIONS.backOffice, at });
}

async function writeContent(tx: Db, key: string, value: unknown, at: Date): Promise<void> {
  await tx.update(content).set({ value, updatedAt: at }).where(eq(content.key, key));
}

/** The landing pages' FAQ teaser is the first customer section's first three questions. */
const TEASER_LENGTH = 3;

async function refreshFaqTeasers(tx: Db, at: Date): Promise<void> {
  const [first] = await tx.select().from(faqs).where(eq(faqs.dashboard, 'END_USER')).orderBy(asc(faqs.position), asc(faqs.id)).limit(1);
  if (!first) return;
  for (const { key, value } of await landingDocuments(tx)) {
    await writeContent(tx, key, { ...value, faqTeaser: first.queAns.slice(0, TEASER_LENGTH) }, at);
  }
}

export async function saveFaqSection(app: FastifyInstance, actorId: string, input: FaqSectionInput): Promise<FaqSectionView> {
  const now = app.clock();
  return app.catalogue.edit(async (tx) => {
    const [row] = await tx.select().from(faqs).where(eq(faqs.id, input.id)).for('update');
    if (!row) throw userInputError(CONTENT_MESSAGES.sectionNotFound);
    assertCurrent([row.title, row.queAns], input.version);
    const clash = await tx
      .select({ id: faqs.id })
      .from(faqs)
      .where(and(eq(faqs.dashboard, row.dashboard), eq(faqs.title, input.title)));
    if (clash.some((other) => other.id !== row.id)) throw userInputError(`Another section is already called “${input.title}”.`);
    await tx.update(faqs).set({ title: input.title, queAns: input.queAns, updatedAt: now }).where(eq(faqs.id, row.id));
    if (row.dashboard === 'END_USER') await refreshFaqTeasers(tx, now);
    await logEdit(tx, actorId, 'FAQ section saved', { faqSectionId: row.id, dashboard: row.dashboard, before: { title: row.title, queAns: row.queAns }, after: { title: input.title, queAns: input.queAns } }, now);
    return { id: row.id, dashboard: row.dashboard, title: input.title, queAns: input.queAns, version: faqVersion(input) };
  });
}

export async function saveLandingTexts(app: FastifyInstance, actorId: string, input: LandingTextsInput): Promise<LandingTextsView> {
  const now = app.clock();
  const key = CONTENT_KEYS.landing(input.productId);
  return app.catalogue.edit(async (tx) => {
    const [row] = await tx.select({ value: content.value }).from(content).where(eq(content.key, key)).for('update');
    if (!row) throw userInputError(CONTENT_MESSAGES.productNotFound);
    const stored = landingContentShape.parse(row.value);
    assertCurrent(landingTexts(stored), input.version);
    const { version: _version, ...texts } = input;
    const next = landingContentShape.parse({ ...stored, ...texts });
    await writeContent(tx, key, next, now);
    await logEdit(tx, actorId, 'Landing page texts saved', { productId: input.productId, before: landingTexts(stored), after: landingTexts(next) }, now);
    return { ...landingTexts(next), version: contentVersion(landingTexts(next)) };
  });
}

/** The footer and the contact lines; the landing pages' support lines follow the contact. */
export async function saveSiteContent(app: FastifyInstance, actorId: string, input: SiteContentInput): Promise<SiteContentView> {
  const now = app.clock();
  return app.catalogue.edit(async (tx) => {
    const stored = await pageContent(tx, true);
    assertCurrent(siteParts(stored), input.version);
    const next = pageContentShape.parse({ ...stored, footer: input.footer, contact: input.contact });
    await writeContent(tx, CONTENT_KEYS.page, next, now);
    for (const { key, value } of await landingDocuments(tx)) {
      await writeContent(tx, key, { ...value, supportEmail: input.contact.email, supportPhone: input.contact.phone }, now);
    }
    await logEdit(tx, actorId, 'Footer and contact saved', { before: siteParts(stored), after: siteParts(next) }, now);
    const parts = siteParts(next);
    return { ...parts, version: contentVersion(parts) };
  });
}
