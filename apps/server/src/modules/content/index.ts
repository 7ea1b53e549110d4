/** The editable page content and FAQs; the seed builds the first content from these shapes. */
export { CONTENT_KEYS, type LandingContent, type PageContent, type SidebarItem } from './content-shapes';
