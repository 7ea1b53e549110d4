import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../lib/graphql/client';
import { graphql, type ResultOf } from '../../lib/graphql/graphql';

/* The portfolio for administrators (issue 11 item 6; decisions 054 and 072). */

const PortfolioQuery = graphql(`
  query AdminPortfolio($search: String, $country: String, $offset: Int, $limit: Int) {
    portfolio {
      asOf
      groups { country optionId status seasonYear policies coverageCents premiumCents collectedCents dueCents }
      exposureBasis { scope country optionId policies coverageCents remainingCents }
      designStorms { scope country label payoutCents }
      historicalStorms(search: $search, country: $country, offset: $offset, limit: $limit) {
        totalCount
        items { country stormId name date payoutCents }
      }
    }
  }
`);

export type Portfolio = ResultOf<typeof PortfolioQuery>['portfolio'];
export type PortfolioGroup = Portfolio['groups'][number];
export type HistoricalStorm = Portfolio['historicalStorms']['items'][number];

export interface HistoricalFilters {
  search: string;
  country: string | null;
  offset: number;
  limit: number;
}

export function usePortfolio(filters: HistoricalFilters) {
  return useQuery({
    queryKey: ['admin-portfolio', filters],
    retry: false,
    // Paging the storms keeps the tables on screen instead of a spinner.
    placeholderData: keepPreviousData,
    queryFn: async () => (await request(PortfolioQuery, filters)).portfolio,
  });
}
