import { BANK_MESSAGES, subject } from '@fhp/domain';
import { builder, type GraphQLContext } from '../../graphql/builder';
import { findUserById, forbidden, requireUser } from '../identity';
import { createAccountCipher } from './account-cipher';
import { findBankAccount, saveBankAccount, type BankAccountView } from './service';

/** The caller's own payout account: nobody reads or writes another holder's through these. */
function requireOwnBankAccount(ctx: GraphQLContext, action: 'read' | 'update') {
  const user = requireUser(ctx);
  if (!ctx.ability.can(action, subject('BankAccount', { ownerId: user.id }))) throw forbidden();
  return user;
}

const ChequeLeafRef = builder.objectRef<BankAccountView['chequeLeaf']>('ChequeLeaf').implement({
  fields: (t) => ({
    id: t.exposeString('id', { description: 'The file on file: send it back as chequeLeafFileId to keep it.' }),
    url: t.exposeString('url', { description: 'GET with the bearer token: the file.' }),
    name: t.exposeString('name'),
    fileType: t.exposeString('mimeType'),
  }),
});

const BankAccountRef = builder.objectRef<BankAccountView>('BankAccountDetail').implement({
  description: "The caller's payout account (spec part 2 section 3). The account number is only ever shown masked.",
  fields: (t) => ({
    accHolderName: t.exposeString('accHolderName'),
    bankName: t.exposeString('bankName'),
    accountNo: t.exposeString('accountNoMasked', { description: 'Masked: the last four characters only.' }),
    type: t.exposeString('type', { description: 'SAVINGS or CHEQUING' }),
    swiftCode: t.exposeString('swiftCode'),
    chequeLeaf: t.expose('chequeLeaf', { type: ChequeLeafRef }),
    updatedAt: t.string({ resolve: (view) => view.updatedAt.toISOString() }),
  }),
});

const SaveResultRef = builder.objectRef<{ accHolderName: string; vuid: string; message: string }>('SaveBankAccountResult').implement({
  fields: (t) => ({ accHolderName: t.exposeString('accHolderName'), vuid: t.exposeString('vuid'), message: t.exposeString('message') }),
});

const BankAccountInputRef = builder.inputType('BankAccountInput', {
  description: 'Strings on purpose: the domain schema words every refusal. cnfAccountNumber is checked by the form and never sent.',
  fields: (t) => ({
    accHolderName: t.string({ required: false }),
    bankName: t.string({ required: false }),
    accountNo: t.string({ required: false }),
    type: t.string({ required: false, description: 'SAVINGS or CHEQUING' }),
    swiftCode: t.string({ required: false }),
    chequeLeafFileId: t.string({ required: false, description: 'An upload to /api/v1/files with purpose CHEQUE_LEAF' }),
  }),
});

builder.queryFields((t) => ({
  getBankAccountDetail: t.field({
    type: BankAccountRef,
    nullable: true,
    description: "Signed in: the caller's own payout account, null before one is saved.",
    resolve: (_root, _args, ctx) => findBankAccount(ctx.db, requireOwnBankAccount(ctx, 'read').id),
  }),
}));

builder.mutationFields((t) => ({
  saveBankAccountDetail: t.field({
    type: SaveResultRef,
    description: "Signed in: saves (creates or replaces) the caller's own payout account; logged as BANK_DETAIL.",
    args: { input: t.arg({ type: BankAccountInputRef, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const user = requireOwnBankAccount(ctx, 'update');
      const saved = await saveBankAccount({ db: ctx.db, clock: ctx.clock, cipher: createAccountCipher(ctx.config.bankAccountKey) }, user.id, input);
      const account = await findUserById(ctx.db, user.id);
      return { accHolderName: saved.accHolderName, vuid: account?.vuid ?? '', message: BANK_MESSAGES.saved };
    },
  }),
}));
