import { createHash, createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { CHECKPOINT_ALGORITHM, checkpointMessage, type CheckpointList, type LedgerCheckpoint } from '@fhp/domain';
import { asc, desc, gt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ledgerBlocks, ledgerCheckpoints } from '../../../db/schema';

export type LedgerCheckpointRow = typeof ledgerCheckpoints.$inferSelect;

/** Signs checkpoints with the configured key (LEDGER_CHECKPOINT_PRIVATE_KEY). */
export interface CheckpointSigner {
  keyId: string;
  publicKeyPem: string;
  sign(message: string): string;
}

/** The id of a public key: the first 16 hex digits of the SHA-256 of its SPKI DER form. */
export function checkpointKeyId(publicKeyPem: string): string {
  const der = createPublicKey(publicKeyPem).export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('hex').slice(0, 16);
}

export function createCheckpointSigner(privateKeyPem: string): CheckpointSigner {
  const privateKey = createPrivateKey(privateKeyPem);
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  return {
    keyId: checkpointKeyId(publicKeyPem),
    publicKeyPem,
    // ieee-p1363: r||s, 64 bytes, as JWS's ES256 has it (not DER), so any JOSE library checks it.
    sign: (message) => sign('sha256', Buffer.from(message, 'utf8'), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url'),
  };
}

/** Whether `checkpoint`'s signature is the key's over its message. */
export function checkpointSignatureValid(publicKeyPem: string, checkpoint: Pick<LedgerCheckpoint, 'block' | 'lastSequence' | 'blockHash' | 'signature'>): boolean {
  try {
    return verify(
      'sha256',
      Buffer.from(checkpointMessage(checkpoint), 'utf8'),
      { key: publicKeyPem, dsaEncoding: 'ieee-p1363' },
      Buffer.from(checkpoint.signature, 'base64url'),
    );
  } catch {
    return false;
  }
}

export function publishedCheckpoint(row: LedgerCheckpointRow): LedgerCheckpoint {
  return { block: row.blockNumber, lastSequence: row.lastSequence, blockHash: row.blockHash, keyId: row.keyId, signature: row.signature, signedAt: row.signedAt.toISOString() };
}

/** Blocks signed per statement while catching up (a fresh key on an old ledger). */
const SIGN_BATCH = 1000;

/**
 * Signs every sealed block that has no checkpoint yet, in block order: right after each seal, and
 * once for the blocks sealed before checkpoints existed. Two instances doing it at once both sign;
 * the first insert wins (ON CONFLICT DO NOTHING) and the list stays one checkpoint per block.
 */
export async function signUnsignedBlocks(db: Db, signer: CheckpointSigner, signedAt: Date): Promise<number> {
  let signed = 0;
  for (;;) {
    const [last] = await db.select({ block: ledgerCheckpoints.blockNumber }).from(ledgerCheckpoints).orderBy(desc(ledgerCheckpoints.blockNumber)).limit(1);
    const blocks = await db
      .select({ number: ledgerBlocks.number, lastSequence: ledgerBlocks.lastSequence, hash: ledgerBlocks.hash })
      .from(ledgerBlocks)
      .where(gt(ledgerBlocks.number, last?.block ?? 0))
      .orderBy(asc(ledgerBlocks.number))
      .limit(SIGN_BATCH);
    if (blocks.length === 0) return signed;
    const rows = blocks.map((block) => ({
      blockNumber: block.number,
      lastSequence: block.lastSequence,
      blockHash: block.hash,
      keyId: signer.keyId,
      signature: signer.sign(checkpointMessage({ block: block.number, lastSequence: block.lastSequence, blockHash: block.hash })),
      signedAt,
    }));
    const inserted = await db.insert(ledgerCheckpoints).values(rows).onConflictDoNothing().returning({ block: ledgerCheckpoints.blockNumber });
    signed += inserted.length;
    if (blocks.length < SIGN_BATCH) return signed;
  }
}

/** Checkpoints after block `after`, in order, at most `limit`. */
export async function listCheckpoints(db: Db, after: number, limit: number): Promise<LedgerCheckpointRow[]> {
  return db.select().from(ledgerCheckpoints).where(gt(ledgerCheckpoints.blockNumber, after)).orderBy(asc(ledgerCheckpoints.blockNumber)).limit(limit);
}

/** The checkpoint of one block, if it has been signed. */
export async function findCheckpoint(db: Db, block: number): Promise<LedgerCheckpointRow | undefined> {
  const [row] = await db.select().from(ledgerCheckpoints).where(sql`${ledgerCheckpoints.blockNumber} = ${block}`);
  return row;
}

export function checkpointList(signer: Pick<CheckpointSigner, 'keyId' | 'publicKeyPem'>, rows: readonly LedgerCheckpointRow[]): CheckpointList {
  return { algorithm: CHECKPOINT_ALGORITHM, keyId: signer.keyId, publicKeyPem: signer.publicKeyPem, checkpoints: rows.map(publishedCheckpoint) };
}
