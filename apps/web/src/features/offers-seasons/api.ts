import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/graphql/client';
import { graphql, type ResultOf, type VariablesOf } from '../../lib/graphql/graphql';

/* Offers and seasons for administrators (issue 11 item 4; decision 052). */

const ConfigQuery = graphql(`
  query AdminOffersAndSeasons {
    adminOffers { id country discountPercent validFrom validTo message logo canPurchase active }
    adminSeasons { year coverStart coverEnd paymentDeadline purchaseWindowOpen nextSeasonYear }
    adminHolderLimits { country seasonYear maxPolicies maxCoverage { raw formatted } }
  }
`);
export type AdminOffer = ResultOf<typeof ConfigQuery>['adminOffers'][number];
export type AdminSeason = ResultOf<typeof ConfigQuery>['adminSeasons'][number];
export type AdminHolderLimits = ResultOf<typeof ConfigQuery>['adminHolderLimits'][number];

const SaveOfferMutation = graphql(`mutation SaveOffer($input: OfferInput!) { saveOffer(input: $input) { id } }`);
const SaveSeasonMutation = graphql(`mutation SaveSeason($input: SeasonInput!) { saveSeason(input: $input) { year } }`);
export type OfferInputValues = VariablesOf<typeof SaveOfferMutation>['input'];
export type SeasonInputValues = VariablesOf<typeof SaveSeasonMutation>['input'];
const SaveHolderLimitsMutation = graphql(`mutation SaveHolderLimits($input: HolderLimitsInput!) { saveHolderLimits(input: $input) { country seasonYear } }`);
export type HolderLimitsInputValues = VariablesOf<typeof SaveHolderLimitsMutation>['input'];

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

export function useSaveHolderLimits() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: HolderLimitsInputValues) => (await request(SaveHolderLimitsMutation, { input })).saveHolderLimits,
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
