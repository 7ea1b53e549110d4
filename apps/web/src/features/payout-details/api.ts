import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readAccessToken } from '../../lib/auth/session';
import { request } from '../../lib/graphql/client';
import { ApiError, FALLBACK_DISPLAY_MESSAGE } from '../../lib/graphql/errors';
import { graphql, type ResultOf, type VariablesOf } from '../../lib/graphql/graphql';

/* My Payout Details (issue 9 item 7): the account with its BANK_DETAIL timeline, and saving it. */

const DetailQuery = graphql(`
  query MyPayoutDetails {
    getBankAccountDetail { accHolderName bankName accountNo type swiftCode chequeLeaf { url name fileType } updatedAt }
    getTxnList(input: { where: { type: { in: ["BANK_DETAIL"] } }, limit: 100 }) { data { id action when where } }
  }
`);
export type PayoutDetails = ResultOf<typeof DetailQuery>;

const SaveMutation = graphql(`
  mutation SaveBankAccountDetail($input: BankAccountInput!) { saveBankAccountDetail(input: $input) { accHolderName vuid message } }
`);
export type SaveBankInput = VariablesOf<typeof SaveMutation>['input'];

const KEY = ['payout-details'] as const;

export function usePayoutDetails() {
  return useQuery({ queryKey: KEY, retry: false, queryFn: () => request(DetailQuery, {}) });
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

export function useSaveBankAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, chequeLeaf }: { input: Omit<SaveBankInput, 'chequeLeafFileId'>; chequeLeaf: File }) => {
      const chequeLeafFileId = await uploadChequeLeaf(chequeLeaf);
      return (await request(SaveMutation, { input: { ...input, chequeLeafFileId } })).saveBankAccountDetail;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
