// StudyNest's own LTI key pair: what it signs its messages to platforms with (Deep Linking
// responses, service token requests), published at GET /api/lti/jwks. From LTI_PRIVATE_KEY when
// set; otherwise made once and kept in the database, so every process sharing the database signs
// with the same key. docs/decisions/062-lti-tool.md.
import { createPublicKey } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, importPKCS8, type JWK, type CryptoKey } from 'jose';
import type { CoreDeps } from '#server/core-deps.ts';
import { ltiRepository } from './lti-repository.ts';

export const TOOL_KEY_ALG = 'RS256';
const STORED_KEY_ID = 'default';

export interface ToolKey {
  kid: string;
  publicJwk: JWK;
  privateKey: CryptoKey;
}

/** The tool's key, read or made at first use and then kept for the process's life. */
export function toolKeyStore(deps: Pick<CoreDeps, 'db' | 'config' | 'now'>) {
  let key: Promise<ToolKey> | undefined;

  async function load(): Promise<ToolKey> {
    if (deps.config.ltiPrivateKey) {
      const privateKey = await importPKCS8(deps.config.ltiPrivateKey, TOOL_KEY_ALG, { extractable: true });
      const publicJwk = await exportJWK(createPublicKey(deps.config.ltiPrivateKey));
      return withKid(publicJwk, privateKey);
    }
    const repository = ltiRepository(deps.db.kysely);
    let row = await repository.toolKey();
    if (!row) {
      const pair = await generateKeyPair(TOOL_KEY_ALG, { modulusLength: 2048, extractable: true });
      await repository.insertToolKey({
        id: STORED_KEY_ID,
        publicJwk: JSON.stringify(await exportJWK(pair.publicKey)),
        privateJwk: JSON.stringify(await exportJWK(pair.privateKey)),
        createdAt: deps.now().toISOString(),
      });
      row = await repository.toolKey();
      if (!row) throw new Error('The LTI key could not be stored');
    }
    const privateKey = (await importJWK(JSON.parse(row.privateJwk) as JWK, TOOL_KEY_ALG)) as CryptoKey;
    return withKid(JSON.parse(row.publicJwk) as JWK, privateKey);
  }

  return {
    key(): Promise<ToolKey> {
      key ??= load().catch((error: unknown) => {
        key = undefined;
        throw error;
      });
      return key;
    },
  };
}

async function withKid(publicJwk: JWK, privateKey: CryptoKey): Promise<ToolKey> {
  const kid = await calculateJwkThumbprint(publicJwk);
  return { kid, privateKey, publicJwk: { kty: publicJwk.kty, n: publicJwk.n, e: publicJwk.e, kid, alg: TOOL_KEY_ALG, use: 'sig' } };
}
