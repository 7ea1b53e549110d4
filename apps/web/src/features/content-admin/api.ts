import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/graphql/client';
import { graphql, type ResultOf, type VariablesOf } from '../../lib/graphql/graphql';

/* Content editing for administrators (issue 11 item 7; decision 071). */

const ContentQuery = graphql(`
  query AdminContent {
    adminContent {
      faqSections { id dashboard title queAns { title content } version }
      landing { productId title subtitle heroText howItWorks { title text } payoutIntro version }
      site { footer { title links { label href } } contact { email phone address } version }
    }
  }
`);
export type AdminContent = ResultOf<typeof ContentQuery>['adminContent'];
export type FaqSection = AdminContent['faqSections'][number];
export type LandingTexts = AdminContent['landing'][number];
export type SiteContent = AdminContent['site'];

const SaveFaq = graphql(`mutation SaveFaqSection($input: FaqSectionInput!) { saveFaqSection(input: $input) { id version } }`);
const SaveLanding = graphql(`mutation SaveLandingTexts($input: LandingTextsInput!) { saveLandingTexts(input: $input) { productId version } }`);
const SaveSite = graphql(`mutation SaveSiteContent($input: SiteContentInput!) { saveSiteContent(input: $input) { version } }`);

const KEY = ['admin-content'] as const;

export function useAdminContent() {
  return useQuery({ queryKey: KEY, retry: false, queryFn: async () => (await request(ContentQuery, {})).adminContent });
}

/** A save, then the editor reloads what is stored (and its new version). */
function useSave<I>(save: (input: I) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: save, onSuccess: () => client.invalidateQueries({ queryKey: KEY }) });
}

export const useSaveFaqSection = () => useSave((input: VariablesOf<typeof SaveFaq>['input']) => request(SaveFaq, { input }));
export const useSaveLandingTexts = () => useSave((input: VariablesOf<typeof SaveLanding>['input']) => request(SaveLanding, { input }));
export const useSaveSiteContent = () => useSave((input: VariablesOf<typeof SaveSite>['input']) => request(SaveSite, { input }));
