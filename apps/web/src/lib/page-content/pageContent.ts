import { createContext, useContext, useEffect } from 'react';
import { graphql, type ResultOf } from '../graphql/graphql';
import { keepAnswerOffline, request } from '../graphql/client';

export const PageContentQuery = graphql(`
  query PageContent {
    pageContent {
      brand { name title logo productId }
      navigation { label path kind }
      routes { name path public ability }
      sidebarItems { key title icon path children { key title icon path } }
      footer { title links { label href } }
      contact { email phone address }
      breadcrumbs { segment label }
    }
  }
`);

export type PageContent = ResultOf<typeof PageContentQuery>['pageContent'];
export type NavItem = PageContent['navigation'][number];
export type FooterSection = PageContent['footer'][number];
export type Contact = PageContent['contact'];
export type Brand = PageContent['brand'];

/** Kept offline for a signed-in person: their shell draws from it when the network is gone. */
export async function fetchPageContent(): Promise<PageContent> {
  const data = await request(PageContentQuery, {}, { keepOffline: true });
  return data.pageContent;
}

export const PageContentContext = createContext<PageContent | null>(null);

/** Page content is fetched once at start; the app renders nothing that needs it before it is here. */
export function usePageContent(): PageContent {
  const content = useContext(PageContentContext);
  if (!content) throw new Error('usePageContent must be used below the page-content gate');
  return content;
}

/**
 * The signed-in shell keeps its page content offline, also when it arrived inlined in the page
 * (no request was made for it): with the network gone, the shell draws from that copy.
 */
export function useKeepPageContentOffline(content: PageContent): void {
  useEffect(() => {
    void keepAnswerOffline(PageContentQuery, {}, { pageContent: content });
  }, [content]);
}
