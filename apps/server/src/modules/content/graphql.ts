import { builder } from '../../graphql/builder';
import type { LandingContent, PageContent, QueAns, SidebarItem } from './content-shapes';
import { CONTENT_KEYS, landingContentShape, pageContentShape } from './content-shapes';
import { listFaqs, listProducts, readContent, type Dashboard } from './repository';

const DashboardEnum = builder.enumType('Dashboard', { values: ['END_USER', 'ADMIN'] as const });

const GetFAQInput = builder.inputType('GetFAQInput', {
  fields: (t) => ({ dashboard: t.field({ type: DashboardEnum }) }),
});

export const QueAnsRef = builder.objectRef<QueAns>('QueAns').implement({
  fields: (t) => ({ title: t.exposeString('title'), content: t.exposeString('content') }),
});

const FAQRef = builder.objectRef<{ title: string; queAns: QueAns[]; dashboard: Dashboard }>('FAQ').implement({
  fields: (t) => ({
    title: t.exposeString('title'),
    queAns: t.field({ type: [QueAnsRef], resolve: (faq) => faq.queAns }),
    dashboard: t.field({ type: DashboardEnum, resolve: (faq) => faq.dashboard }),
  }),
});

interface ProductRow {
  id: string;
  name: string;
  tagline: string;
  description: string;
  logo: string | null;
}
const ProductRef = builder.objectRef<ProductRow>('Product').implement({
  fields: (t) => ({
    id: t.exposeString('id'),
    name: t.exposeString('name'),
    tagline: t.exposeString('tagline'),
    description: t.exposeString('description'),
    logo: t.exposeString('logo', { nullable: true }),
    path: t.string({ resolve: (product) => `/product/${product.id}` }),
  }),
});

type Of<K extends keyof PageContent> = PageContent[K] extends (infer E)[] ? E : PageContent[K];

const NavItemRef = builder.objectRef<Of<'navigation'>>('NavItem').implement({
  fields: (t) => ({ label: t.exposeString('label'), path: t.exposeString('path'), kind: t.exposeString('kind') }),
});
const RouteEntryRef = builder.objectRef<Of<'routes'>>('RouteEntry').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    path: t.exposeString('path'),
    public: t.exposeBoolean('public'),
    ability: t.exposeString('ability', { nullable: true }),
  }),
});
const SidebarItemRef = builder.objectRef<SidebarItem>('SidebarItem');
SidebarItemRef.implement({
  fields: (t) => ({
    key: t.exposeString('key'),
    title: t.exposeString('title'),
    icon: t.exposeString('icon'),
    path: t.exposeString('path', { nullable: true }),
    children: t.field({ type: [SidebarItemRef], resolve: (item) => item.children }),
  }),
});
const FooterLinkRef = builder.objectRef<{ label: string; href: string }>('FooterLink').implement({
  fields: (t) => ({ label: t.exposeString('label'), href: t.exposeString('href') }),
});
export const FooterSectionRef = builder.objectRef<Of<'footer'>>('FooterSection').implement({
  fields: (t) => ({ title: t.exposeString('title'), links: t.field({ type: [FooterLinkRef], resolve: (s) => s.links }) }),
});
export const ContactRef = builder.objectRef<Of<'contact'>>('Contact').implement({
  fields: (t) => ({ email: t.exposeString('email'), phone: t.exposeString('phone'), address: t.exposeString('address') }),
});
const BrandRef = builder.objectRef<Of<'brand'>>('Brand').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    title: t.exposeString('title'),
    logo: t.exposeString('logo'),
    productId: t.exposeString('productId'),
  }),
});
const BreadcrumbLabelRef = builder.objectRef<Of<'breadcrumbs'>>('BreadcrumbLabel').implement({
  fields: (t) => ({ segment: t.exposeString('segment'), label: t.exposeString('label') }),
});

const PageContentRef = builder.objectRef<PageContent>('PageContent').implement({
  fields: (t) => ({
    brand: t.field({ type: BrandRef, resolve: (p) => p.brand }),
    navigation: t.field({ type: [NavItemRef], resolve: (p) => p.navigation }),
    routes: t.field({ type: [RouteEntryRef], resolve: (p) => p.routes }),
    sidebarItems: t.field({ type: [SidebarItemRef], resolve: (p) => p.sidebarItems }),
    footer: t.field({ type: [FooterSectionRef], resolve: (p) => p.footer }),
    contact: t.field({ type: ContactRef, resolve: (p) => p.contact }),
    breadcrumbs: t.field({ type: [BreadcrumbLabelRef], resolve: (p) => p.breadcrumbs }),
  }),
});

export const LandingStepRef = builder.objectRef<LandingContent['howItWorks'][number]>('LandingStep').implement({
  fields: (t) => ({ title: t.exposeString('title'), text: t.exposeString('text') }),
});

const LandingContentRef = builder.objectRef<LandingContent>('LandingContent').implement({
  fields: (t) => ({
    productId: t.exposeString('productId'),
    title: t.exposeString('title'),
    subtitle: t.exposeString('subtitle'),
    heroText: t.exposeString('heroText'),
    howItWorks: t.field({ type: [LandingStepRef], resolve: (l) => l.howItWorks }),
    lifecycle: t.exposeStringList('lifecycle'),
    payoutIntro: t.exposeString('payoutIntro'),
    faqTeaser: t.field({ type: [QueAnsRef], resolve: (l) => l.faqTeaser }),
    supportEmail: t.exposeString('supportEmail'),
    supportPhone: t.exposeString('supportPhone'),
  }),
});

builder.queryFields((t) => ({
  getFAQ: t.field({
    type: [FAQRef],
    args: { input: t.arg({ type: GetFAQInput, required: true }) },
    resolve: (_root, { input }, { db }) => listFaqs(db, input.dashboard),
  }),
  pageContent: t.field({
    type: PageContentRef,
    resolve: async (_root, _args, { db }) => {
      const page = await readContent(db, CONTENT_KEYS.page, pageContentShape);
      // Seeded on first start; missing means a broken deployment, not a client mistake.
      if (!page) throw new Error('page content is missing from the database');
      return page;
    },
  }),
  landingContent: t.field({
    type: LandingContentRef,
    nullable: true,
    args: { productId: t.arg.string({ required: true }) },
    resolve: async (_root, { productId }, { db }) => (await readContent(db, CONTENT_KEYS.landing(productId), landingContentShape)) ?? null,
  }),
  products: t.field({ type: [ProductRef], resolve: (_root, _args, { db }) => listProducts(db) }),
}));
