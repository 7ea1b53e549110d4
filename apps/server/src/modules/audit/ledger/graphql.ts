import { EXPLORER_MESSAGES, GENESIS_HASH, ledgerHashSchema, payoutProofIdSchema, type MerkleProof, type MerkleStep } from '@fhp/domain';
import { builder, type GraphQLContext } from '../../../graphql/builder';
import { userInputError } from '../../../graphql/errors';
import { JsonScalar } from '../../../graphql/json';
import { money, MoneyRef } from '../../../graphql/money';
import { forbidden } from '../../identity';
import type { LedgerCheckpointRow } from './checkpoints';
import { describeLedgerTxn, payloadData, type EntryVerification, type LedgerTxnView } from './explorer';
import { CHECKPOINT_KEY_PATH, CHECKPOINTS_PATH } from './routes';
import { explorerLink, payoutProofLink } from './links';
import { describePayoutProof, type PayoutProofView } from './payout-proof';
import type { LedgerBlockRow } from './seal';

/** The code of an explorer lookup that found nothing (malformed or unknown hash). */
export const EXPLORER_NOT_FOUND = 'NOT_FOUND';

const linkTo = (hash: string, ctx: GraphQLContext) => explorerLink(ctx.config.publicUrl, hash);

const LedgerBlockRef = builder.objectRef<LedgerBlockRow>('LedgerBlock').implement({
  description: 'A sealed block: consecutive entries under one Merkle root, chained to the block before by its hash.',
  fields: (t) => ({
    number: t.exposeInt('number'),
    firstSequence: t.exposeInt('firstSequence'),
    lastSequence: t.exposeInt('lastSequence'),
    entryCount: t.int({ resolve: (block) => block.lastSequence - block.firstSequence + 1 }),
    merkleRoot: t.exposeString('merkleRoot'),
    prevBlockHash: t.exposeString('prevBlockHash'),
    hash: t.exposeString('hash'),
    sealedAt: t.string({ resolve: (block) => block.sealedAt.toISOString() }),
  }),
});

const MerkleStepRef = builder.objectRef<MerkleStep>('MerkleStep').implement({
  description: 'One step up the tree: the sibling hash and its side (LEFT: hashed before the running value).',
  fields: (t) => ({ side: t.exposeString('side'), hash: t.exposeString('hash') }),
});

const MerkleProofRef = builder.objectRef<MerkleProof>('MerkleProof').implement({
  description: 'The entry’s inclusion proof in its block: position, number of entries, siblings from the entry up to the root.',
  fields: (t) => ({
    index: t.exposeInt('index'),
    leafCount: t.exposeInt('leafCount'),
    path: t.field({ type: [MerkleStepRef], resolve: (proof) => proof.path }),
  }),
});

const LedgerVerificationRef = builder.objectRef<EntryVerification>('LedgerVerification').implement({
  description: 'The entry checked: its hashes, its block (verified once from the genesis entry on, re-checked daily), its Merkle path and its signed checkpoint: VERIFIED, or BROKEN with where and why.',
  fields: (t) => ({
    status: t.string({ resolve: (v) => (v.verified ? 'VERIFIED' : 'BROKEN') }),
    verified: t.exposeBoolean('verified'),
    checkedEntries: t.exposeInt('checkedEntries', { description: 'Entries that passed, counting from the genesis entry.' }),
    brokenAtSequence: t.int({ nullable: true, resolve: (v) => (v.verified ? null : v.brokenAt.sequence) }),
    brokenAtBlock: t.int({ nullable: true, resolve: (v) => (v.verified ? null : (v.brokenAt.block ?? null)) }),
    reason: t.string({ nullable: true, resolve: (v) => (v.verified ? null : v.brokenAt.reason) }),
  }),
});

const LedgerCheckpointRef = builder.objectRef<LedgerCheckpointRow>('LedgerCheckpoint').implement({
  description: 'The signed checkpoint of a block (ES256 over its hash), published in the public checkpoint list anyone can mirror.',
  fields: (t) => ({
    block: t.int({ resolve: (c) => c.blockNumber }),
    lastSequence: t.exposeInt('lastSequence'),
    blockHash: t.exposeString('blockHash'),
    keyId: t.exposeString('keyId'),
    signature: t.exposeString('signature', { description: 'base64url of the r||s signature of "fhp-ledger-checkpoint:v1:<block>:<lastSequence>:<blockHash>".' }),
    signedAt: t.string({ resolve: (c) => c.signedAt.toISOString() }),
    listUrl: t.string({ description: 'The public checkpoint list that holds it.', resolve: (_c, _args, ctx) => `${ctx.config.publicUrl}${CHECKPOINTS_PATH}` }),
    keyUrl: t.string({ description: 'The public key that checks its signature.', resolve: (_c, _args, ctx) => `${ctx.config.publicUrl}${CHECKPOINT_KEY_PATH}` }),
  }),
});

const BlockchainTxnRef = builder.objectRef<LedgerTxnView>('BlockchainTxn').implement({
  description: 'A proof-ledger entry as the public explorer shows it. No personal data: from and to are pseudonymous account ids.',
  fields: (t) => ({
    hash: t.string({ resolve: (v) => v.entry.hash }),
    txnLink: t.string({ description: 'The explorer page of this entry.', resolve: (v, _args, ctx) => linkTo(v.entry.hash, ctx) }),
    txnId: t.string({ resolve: (v) => v.entry.txnId }),
    status: t.string({ description: 'CONFIRMED once a sealed block holds the entry, PENDING before.', resolve: (v) => v.status }),
    from: t.string({ nullable: true, description: 'Null only when the stored payload can no longer be read.', resolve: (v) => v.payload?.from ?? null }),
    to: t.string({ nullable: true, resolve: (v) => v.payload?.to ?? null }),
    value: t.field({
      type: MoneyRef,
      nullable: true,
      description: 'The amount moved; null when no money moves (a status change, a trigger).',
      resolve: (v) => (typeof v.payload?.valueCents === 'number' ? money(v.payload.valueCents) : null),
    }),
    timestamp: t.string({ nullable: true, description: 'When the business event happened (ISO 8601, UTC).', resolve: (v) => v.payload?.timestamp ?? null }),
    kind: t.string({ resolve: (v) => v.entry.kind }),
    sequence: t.int({ resolve: (v) => v.entry.sequence }),
    prevHash: t.string({ resolve: (v) => v.entry.prevHash }),
    prevTxnLink: t.string({
      nullable: true,
      description: 'The previous entry’s explorer page; null for the first entry.',
      resolve: (v, _args, ctx) => (v.entry.prevHash === GENESIS_HASH ? null : linkTo(v.entry.prevHash, ctx)),
    }),
    payloadHash: t.string({ resolve: (v) => v.entry.payloadHash }),
    payload: t.string({ description: 'The canonical JSON that was hashed, byte for byte, so anyone can hash it again.', resolve: (v) => v.entry.payload }),
    data: t.field({ type: JsonScalar, nullable: true, description: 'The entry’s details (policy number, status, ...).', resolve: (v) => payloadData(v.payload) }),
    stormName: t.string({
      nullable: true,
      description: 'The stored name of the storm the details name by id only (a payout’s entries: HURDAT2 spelling, JANET EXERCISE); null otherwise.',
      resolve: (v) => v.stormName,
    }),
    appendedAt: t.string({ resolve: (v) => v.entry.createdAt.toISOString() }),
    block: t.field({ type: LedgerBlockRef, nullable: true, resolve: (v) => v.block }),
    proof: t.field({ type: MerkleProofRef, nullable: true, resolve: (v) => v.proof }),
    checkpoint: t.field({
      type: LedgerCheckpointRef,
      nullable: true,
      description: 'The signed checkpoint that proves this entry (its block’s); null while the entry is pending or its block not yet signed.',
      resolve: (v) => v.checkpoint,
    }),
    verification: t.field({ type: LedgerVerificationRef, resolve: (v) => v.verification }),
  }),
});

const PayoutProofRef = builder.objectRef<PayoutProofView>('PayoutProof').implement({
  description:
    'A payout proved (decision 174): its record rebuilt from its row, the leaf it hashes to, its Merkle path to the root its storm evaluation’s entry holds, then that entry’s own proof. No personal data.',
  fields: (t) => ({
    payoutId: t.exposeString('payoutId'),
    link: t.string({ description: 'This proof’s explorer page.', resolve: (v, _args, ctx) => payoutProofLink(ctx.config.publicUrl, v.payoutId) }),
    value: t.field({ type: MoneyRef, nullable: true, resolve: (v) => (typeof v.record.valueCents === 'number' ? money(v.record.valueCents) : null) }),
    record: t.field({ type: JsonScalar, description: 'The record the leaf is the hash of, as the payout’s row says it now.', resolve: (v) => v.record }),
    leaf: t.exposeString('leaf', { description: 'SHA-256 of "payout-leaf:" and the record’s canonical JSON.' }),
    proof: t.field({ type: MerkleProofRef, nullable: true, description: 'The leaf’s path to its evaluation’s root; null when no evaluation holds it.', resolve: (v) => v.proof }),
    entryRoot: t.exposeString('entryRoot', { nullable: true, description: 'The Merkle root the evaluation’s entry holds.' }),
    computedRoot: t.exposeString('computedRoot', { nullable: true, description: 'The root the evaluation’s payouts hash to as they are stored now.' }),
    entry: t.field({ type: BlockchainTxnRef, nullable: true, description: 'The entry that proves the payout, with its chain, block and checkpoint.', resolve: (v) => v.entry }),
    status: t.string({ resolve: (v) => (v.verified ? 'VERIFIED' : 'BROKEN') }),
    verified: t.exposeBoolean('verified'),
    reason: t.exposeString('reason', { nullable: true }),
  }),
});

builder.queryFields((t) => ({
  getPayoutProof: t.field({
    type: PayoutProofRef,
    description: 'Anyone: one payout proved by its Merkle path to its storm evaluation’s entry, then that entry’s chain, block and checkpoint.',
    args: { payoutId: t.arg.string({ required: true }) },
    resolve: async (_root, { payoutId }, ctx) => {
      if (!ctx.ability.can('read', 'LedgerEntry')) throw forbidden();
      const parsed = payoutProofIdSchema.safeParse(payoutId);
      if (!parsed.success) throw userInputError(EXPLORER_MESSAGES.payoutMalformed, EXPLORER_NOT_FOUND);
      const view = await describePayoutProof(ctx.db, parsed.data, ctx.request.server.ledger.explorer);
      if (!view) throw userInputError(EXPLORER_MESSAGES.payoutUnknown, EXPLORER_NOT_FOUND);
      return view;
    },
  }),
  getBlockchianTxn: t.field({
    type: BlockchainTxnRef,
    description: 'Anyone: one proof-ledger entry by its hash, with its block, Merkle proof, signed checkpoint and its verification.',
    args: { hash: t.arg.string({ required: true }) },
    resolve: async (_root, { hash }, ctx) => {
      if (!ctx.ability.can('read', 'LedgerEntry')) throw forbidden();
      const parsed = ledgerHashSchema.safeParse(hash);
      if (!parsed.success) throw userInputError(EXPLORER_MESSAGES.hashMalformed, EXPLORER_NOT_FOUND);
      const view = await describeLedgerTxn(ctx.db, parsed.data, ctx.request.server.ledger.explorer);
      if (!view) throw userInputError(EXPLORER_MESSAGES.hashUnknown, EXPLORER_NOT_FOUND);
      return view;
    },
  }),
}));
