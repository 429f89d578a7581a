// Signing as Standard Webhooks does (https://www.standardwebhooks.com, "Signature scheme"): the
// secret is `whsec_` and base64 bytes; a message is signed as HMAC-SHA256 of
// `${webhook-id}.${webhook-timestamp}.${body}`, sent as `webhook-signature: v1,<base64>`.
import { createHmac, randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';

/** A new signing secret: 32 random bytes. */
export const newSecret = () => SECRET_PREFIX + randomBytes(32).toString('base64');

export function sign(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The three headers of one try of a message (its id the same on every try, its time this try's). */
export function signedHeaders(secret: string, messageId: string, at: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': sign(secret, messageId, timestamp, body),
  };
}
