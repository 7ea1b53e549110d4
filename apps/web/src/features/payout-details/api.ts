import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallerVuid } from '../../lib/auth/identity';
import { readAccessToken } from '../../lib/auth/session';
import { request } from '../../lib/graphql/client';
import { ApiError, FALLBACK_DISPLAY_MESSAGE } from '../../lib/graphql/errors';
import { graphql, type ResultOf, type VariablesOf } from '../../lib/graphql/graphql';

/*
 * My Payout Details (issue 9 item 7): the account, its BANK_DETAIL timeline, and saving it. The
 * spec asks both in one request; they are two here so that a timeline the server refuses never
 * takes the account down with it, and the timeline is the caller's own (decision 045).
 */

const AccountQuery = graphql(`
  query MyPayoutAccount {
    getBankAccountDetail { accHolderName bankName accountNo type swiftCode chequeLeaf { id url name fileType } updatedAt }
  }
`);
export type PayoutAccount = NonNullable<ResultOf<typeof AccountQuery>['getBankAccountDetail']>;

const TimelineQuery = graphql(`
  query MyPayoutTimeline($input: GetTxnListInput) {
    getTxnList(input: $input) { data { id action when where performedBy { firstName lastName } } }
  }
`);

const SaveMutation = graphql(`
  mutation SaveBankAccountDetail($input: BankAccountInput!) { saveBankAccountDetail(input: $input) { accHolderName vuid message } }
`);
export type SaveBankInput = VariablesOf<typeof SaveMutation>['input'];

const KEY = ['payout-details'] as const;

export function usePayoutAccount() {
  return useQuery({ queryKey: [...KEY, 'account'], retry: false, queryFn: async () => (await request(AccountQuery, {})).getBankAccountDetail });
}

/** The bank-detail changes of the caller's own account, newest first (limit 100). */
export function usePayoutTimeline() {
  const vuid = useCallerVuid();
  return useQuery({
    queryKey: [...KEY, 'timeline', vuid],
    enabled: Boolean(vuid),
    retry: false,
    queryFn: async () =>
      (await request(TimelineQuery, { input: { limit: 100, where: { txnOwner: { equals: vuid! }, type: { in: ['BANK_DETAIL'] } } } })).getTxnList.data,
  });
}

/** The cheque leaf to `POST /api/v1/files` (purpose first, then the file), answering its id. */
async function uploadChequeLeaf(file: File): Promise<string> {
  const body = new FormData();
  body.append('purpose', 'CHEQUE_LEAF');
  body.append('file', file, file.name);
  const token = readAccessToken();
  const response = await fetch('/api/v1/files', { method: 'POST', body, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const answer = (await response.json().catch(() => ({}))) as { id?: string; display_message?: string };
  if (!response.ok || !answer.id) throw new ApiError(`Upload failed (HTTP ${response.status})`, answer.display_message ?? FALLBACK_DISPLAY_MESSAGE, `HTTP_${response.status}`);
  return answer.id;
}

/** The cheque leaf: a new file to upload, or the id of the one on file (kept on an update). */
export type ChequeLeafChoice = { file: File } | { keepFileId: string };

export function useSaveBankAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, chequeLeaf }: { input: Omit<SaveBankInput, 'chequeLeafFileId'>; chequeLeaf: ChequeLeafChoice }) => {
      const chequeLeafFileId = 'file' in chequeLeaf ? await uploadChequeLeaf(chequeLeaf.file) : chequeLeaf.keepFileId;
      return (await request(SaveMutation, { input: { ...input, chequeLeafFileId } })).saveBankAccountDetail;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
