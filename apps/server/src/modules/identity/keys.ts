import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createTokenService, generateKeyPairPem, type KeyPairPem, type TokenService } from './crypto';
import { insertSettingIfAbsent, readSetting } from './repository';

const SIGNING_KEY_SETTING = 'jwt_signing_key';

/**
 * The access-token key pair: the configured one, else the one stored in `settings`, else a new
 * one stored there. Stored rather than kept in memory so restarts do not sign everybody out and
 * several instances verify each other's tokens; the first instance to store one wins.
 */
async function signingKeys(config: Config, db: Db): Promise<KeyPairPem | { privateKeyPem: string; publicKeyPem: string | undefined }> {
  if (config.jwt.privateKeyPem !== undefined) {
    return { privateKeyPem: config.jwt.privateKeyPem, publicKeyPem: config.jwt.publicKeyPem };
  }
  const stored = await readSetting<KeyPairPem>(db, SIGNING_KEY_SETTING);
  if (stored !== undefined) return stored;
  return insertSettingIfAbsent(db, SIGNING_KEY_SETTING, await generateKeyPairPem());
}

export async function createAppTokenService(config: Config, db: Db, clock: Clock): Promise<TokenService> {
  const keys = await signingKeys(config, db);
  return createTokenService({
    ...keys,
    issuer: config.jwt.issuer,
    audience: config.jwt.audience,
    ttlSeconds: config.jwt.ttlSeconds,
    now: clock,
  });
}
