import { useQuery } from '@tanstack/react-query';
import { request } from '../../lib/graphql/client';
import { graphql, type ResultOf } from '../../lib/graphql/graphql';
import { initialDataOptions } from '../../lib/initial-data/initialData';

const LandingContentQuery = graphql(`
  query LandingContent($productId: String!) {
    landingContent(productId: $productId) {
      productId title subtitle heroText
      howItWorks { title text }
      lifecycle
      payoutIntro
      faqTeaser { title content }
      supportEmail supportPhone
    }
  }
`);

export type LandingContent = NonNullable<ResultOf<typeof LandingContentQuery>['landingContent']>;

/** null means the product does not exist. */
export function useLandingContent(productId: string) {
  return useQuery({
    queryKey: ['landing-content', productId],
    queryFn: async () => (await request(LandingContentQuery, { productId })).landingContent,
    ...initialDataOptions<LandingContent | null>('landingContent', productId),
  });
}
