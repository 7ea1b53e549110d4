import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/graphql/client';
import { graphql, type ResultOf, type VariablesOf } from '../../lib/graphql/graphql';

/* Offers and seasons for administrators (issue 11 item 4; decision 052). */

const ConfigQuery = graphql(`
  query AdminOffersAndSeasons {
    adminOffers { id country discountPercent validFrom validTo message logo canPurchase active }
    adminSeasons { year coverStart coverEnd paymentDeadline purchaseWindowOpen nextSeasonYear }
  }
`);
export type AdminOffer = ResultOf<typeof ConfigQuery>['adminOffers'][number];
export type AdminSeason = ResultOf<typeof ConfigQuery>['adminSeasons'][number];

const SaveOfferMutation = graphql(`mutation SaveOffer($input: OfferInput!) { saveOffer(input: $input) { id } }`);
const SaveSeasonMutation = graphql(`mutation SaveSeason($input: SeasonInput!) { saveSeason(input: $input) { year } }`);
export type OfferInputValues = VariablesOf<typeof SaveOfferMutation>['input'];
export type SeasonInputValues = VariablesOf<typeof SaveSeasonMutation>['input'];

const KEY = ['admin-offers-seasons'] as const;

export function useOffersAndSeasons() {
  return useQuery({ queryKey: KEY, retry: false, queryFn: () => request(ConfigQuery, {}) });
}

export function useSaveOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: OfferInputValues) => (await request(SaveOfferMutation, { input })).saveOffer,
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useSaveSeason() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: SeasonInputValues) => (await request(SaveSeasonMutation, { input })).saveSeason,
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
