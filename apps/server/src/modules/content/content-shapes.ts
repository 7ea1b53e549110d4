import { z } from 'zod';

/**
 * Shapes of the JSON documents in the `content` table. The database stores them as jsonb, so
 * they are checked on the way out: a bad edit shows up as a clear error, not as a broken page.
 */
export const CONTENT_KEYS = {
  page: 'page',
  landing: (productId: string) => `landing:${productId}`,
} as const;

const queAns = z.object({ title: z.string(), content: z.string() });

export interface SidebarItem {
  key: string;
  title: string;
  icon: string;
  path: string | null;
  children: SidebarItem[];
}
const sidebarItem: z.ZodType<SidebarItem> = z.lazy(() =>
  z.object({
    key: z.string(),
    title: z.string(),
    icon: z.string(),
    path: z.string().nullable(),
    children: z.array(sidebarItem),
  }),
);

export const pageContentShape = z.object({
  brand: z.object({ name: z.string(), title: z.string(), logo: z.string(), productId: z.string() }),
  navigation: z.array(z.object({ label: z.string(), path: z.string(), kind: z.enum(['link', 'button']) })),
  routes: z.array(z.object({ name: z.string(), path: z.string(), public: z.boolean(), ability: z.string().nullable() })),
  sidebarItems: z.array(sidebarItem),
  footer: z.array(z.object({ title: z.string(), links: z.array(z.object({ label: z.string(), href: z.string() })) })),
  contact: z.object({ email: z.string(), phone: z.string(), address: z.string() }),
  breadcrumbs: z.array(z.object({ segment: z.string(), label: z.string() })),
});
export type PageContent = z.infer<typeof pageContentShape>;

export const landingContentShape = z.object({
  productId: z.string(),
  title: z.string(),
  subtitle: z.string(),
  heroText: z.string(),
  howItWorks: z.array(z.object({ title: z.string(), text: z.string() })),
  lifecycle: z.array(z.string()),
  payoutIntro: z.string(),
  faqTeaser: z.array(queAns),
  supportEmail: z.string(),
  supportPhone: z.string(),
});
export type LandingContent = z.infer<typeof landingContentShape>;

export type QueAns = z.infer<typeof queAns>;
