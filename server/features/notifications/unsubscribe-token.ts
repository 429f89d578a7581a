// The token of an email's List-Unsubscribe link: who it was sent to and what one click turns off
// (one optional kind, or 'all' of them for an email that is not optional itself), signed with
// the server's secret so that nobody can turn off someone else's emails. It does not expire: a
// mail client may offer the click long after the email came, and all it can do is turn emails off.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { notificationKindSchema, type NotificationKind } from '#contract/notifications.ts';

export type UnsubscribeScope = NotificationKind | 'all';

const signature = (secret: string, payload: string) => createHmac('sha256', secret).update(`studynest-unsubscribe\n${payload}`).digest();

export function signUnsubscribeToken(secret: string, userId: string, scope: UnsubscribeScope): string {
  const payload = Buffer.from(JSON.stringify([userId, scope])).toString('base64url');
  return `${payload}.${signature(secret, payload).toString('base64url')}`;
}

/** The user and scope of a token this server signed; null for anything else. */
export function verifyUnsubscribeToken(secret: string, token: string): { userId: string; scope: UnsubscribeScope } | null {
  const [payload, signed, ...rest] = token.split('.');
  if (!payload || !signed || rest.length > 0) return null;
  const expected = signature(secret, payload);
  const given = Buffer.from(signed, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 2 || typeof parsed[0] !== 'string') return null;
  const scope = parsed[1] === 'all' ? 'all' : notificationKindSchema.safeParse(parsed[1]).data;
  return scope ? { userId: parsed[0], scope } : null;
}
