import { useQuery } from '@tanstack/react-query';
import { request } from '../../lib/graphql/client';
import { graphql, type ResultOf } from '../../lib/graphql/graphql';
import { initialDataOptions } from '../../lib/initial-data/initialData';

const FaqQuery = graphql(`
  query GetFAQ($input: GetFAQInput!) {
    getFAQ(input: $input) { title dashboard queAns { title content } }
  }
`);

export type FaqSection = ResultOf<typeof FaqQuery>['getFAQ'][number];

export function useEndUserFaq() {
  return useQuery({
    queryKey: ['faq', 'END_USER'],
    queryFn: async () => (await request(FaqQuery, { input: { dashboard: 'END_USER' } })).getFAQ,
    ...initialDataOptions<FaqSection[]>('getFAQ', 'END_USER'),
  });
}
