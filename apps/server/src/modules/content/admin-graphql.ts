import { contentIssuePlace, faqSectionInputSchema, landingTextsInputSchema, siteContentInputSchema } from '@fhp/domain';
import type { z } from 'zod';
import { builder, type GraphQLContext } from '../../graphql/builder';
import { userInputError } from '../../graphql/errors';
import { forbidden, requireUser } from '../identity';
import {
  listFaqSections,
  listLandingTexts,
  saveFaqSection,
  saveLandingTexts,
  saveSiteContent,
  siteContent,
  type FaqSectionView,
  type LandingTextsView,
  type SiteContentView,
} from './admin';
import { ContactRef, FooterSectionRef, LandingStepRef, QueAnsRef } from './graphql';

/* Content editing for administrators (issue 11 item 7; decision 071). */

/** Editors only: what they read carries versions and the admins' own FAQ. */
function requireEditor(ctx: GraphQLContext): string {
  const user = requireUser(ctx);
  if (!ctx.ability.can('update', 'Content')) throw forbidden();
  return user.id;
}

/** The domain's sentence, after the row it is about when it is about one ("Question 3: ..."). */
function parseEdit<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const place = issue ? contentIssuePlace(issue.path) : null;
  const message = issue?.message ?? 'The content is not valid.';
  throw userInputError(place ? `${place}: ${message}` : message);
}

const FaqSectionRef = builder.objectRef<FaqSectionView>('AdminFaqSection').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    dashboard: t.exposeString('dashboard'),
    title: t.exposeString('title'),
    queAns: t.field({ type: [QueAnsRef], resolve: (s) => s.queAns }),
    version: t.exposeString('version', { description: 'Send it back with the edit; a save made against an older one is refused.' }),
  }),
});

const LandingTextsRef = builder.objectRef<LandingTextsView>('AdminLandingTexts').implement({
  fields: (t) => ({
    productId: t.exposeString('productId'),
    title: t.exposeString('title'),
    subtitle: t.exposeString('subtitle'),
    heroText: t.exposeString('heroText'),
    howItWorks: t.field({ type: [LandingStepRef], resolve: (l) => l.howItWorks }),
    payoutIntro: t.exposeString('payoutIntro'),
    version: t.exposeString('version'),
  }),
});

const SiteContentRef = builder.objectRef<SiteContentView>('AdminSiteContent').implement({
  fields: (t) => ({
    footer: t.field({ type: [FooterSectionRef], resolve: (s) => s.footer }),
    contact: t.field({ type: ContactRef, resolve: (s) => s.contact }),
    version: t.exposeString('version'),
  }),
});

interface AdminContent {
  faqSections: FaqSectionView[];
  landing: LandingTextsView[];
  site: SiteContentView;
}

const AdminContentRef = builder.objectRef<AdminContent>('AdminContent').implement({
  fields: (t) => ({
    faqSections: t.field({ type: [FaqSectionRef], resolve: (c) => c.faqSections }),
    landing: t.field({ type: [LandingTextsRef], resolve: (c) => c.landing }),
    site: t.field({ type: SiteContentRef, resolve: (c) => c.site }),
  }),
});

// Plain strings: the domain schema gives the admin's sentences, GraphQL coercion would not.
const QueAnsInputRef = builder.inputType('QueAnsInput', { fields: (t) => ({ title: t.string(), content: t.string() }) });
const LandingStepInputRef = builder.inputType('LandingStepInput', { fields: (t) => ({ title: t.string(), text: t.string() }) });
const FooterLinkInputRef = builder.inputType('FooterLinkInput', { fields: (t) => ({ label: t.string(), href: t.string() }) });
const FooterSectionInputRef = builder.inputType('FooterSectionInput', {
  fields: (t) => ({ title: t.string(), links: t.field({ type: [FooterLinkInputRef] }) }),
});
const ContactInputRef = builder.inputType('ContactInput', { fields: (t) => ({ email: t.string(), phone: t.string(), address: t.string() }) });

const FaqSectionInputRef = builder.inputType('FaqSectionInput', {
  fields: (t) => ({ id: t.int(), title: t.string(), queAns: t.field({ type: [QueAnsInputRef] }), version: t.string() }),
});
const LandingTextsInputRef = builder.inputType('LandingTextsInput', {
  fields: (t) => ({
    productId: t.string(),
    title: t.string(),
    subtitle: t.string(),
    heroText: t.string(),
    howItWorks: t.field({ type: [LandingStepInputRef] }),
    payoutIntro: t.string(),
    version: t.string(),
  }),
});
const SiteContentInputRef = builder.inputType('SiteContentInput', {
  fields: (t) => ({ footer: t.field({ type: [FooterSectionInputRef] }), contact: t.field({ type: ContactInputRef }), version: t.string() }),
});

builder.queryFields((t) => ({
  adminContent: t.field({
    type: AdminContentRef,
    description: 'Admin: the editable content (FAQ sections, landing texts, footer and contact) with the versions to save against.',
    resolve: async (_root, _args, ctx) => {
      requireEditor(ctx);
      return { faqSections: await listFaqSections(ctx.db), landing: await listLandingTexts(ctx.db), site: await siteContent(ctx.db) };
    },
  }),
}));

builder.mutationFields((t) => ({
  saveFaqSection: t.field({
    type: FaqSectionRef,
    description: 'Admin: a FAQ section’s title and its questions in order (added, edited, moved or removed at once).',
    args: { input: t.arg({ type: FaqSectionInputRef, required: true }) },
    resolve: (_root, { input }, ctx) => saveFaqSection(ctx.request.server, requireEditor(ctx), parseEdit(faqSectionInputSchema, input)),
  }),
  saveLandingTexts: t.field({
    type: LandingTextsRef,
    description: 'Admin: a product landing page’s title, subtitle, introduction, steps and payout introduction.',
    args: { input: t.arg({ type: LandingTextsInputRef, required: true }) },
    resolve: (_root, { input }, ctx) => saveLandingTexts(ctx.request.server, requireEditor(ctx), parseEdit(landingTextsInputSchema, input)),
  }),
  saveSiteContent: t.field({
    type: SiteContentRef,
    description: 'Admin: the footer’s columns and links (safe links only) and the contact lines.',
    args: { input: t.arg({ type: SiteContentInputRef, required: true }) },
    resolve: (_root, { input }, ctx) => saveSiteContent(ctx.request.server, requireEditor(ctx), parseEdit(siteContentInputSchema, input)),
  }),
}));
