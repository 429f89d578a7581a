// The cookie better-auth expects for a session token: `better-auth.session_token=<token>.<sig>`,
// sig = base64(HMAC-SHA256(token, AUTH_SECRET)), URL-encoded (better-auth's setSignedCookie /
// makeSignature). Lets the benchmark act as thousands of students without signing each in.
import { createHmac } from 'node:crypto';

export function sessionCookie(token: string, secret: string, secure = false): string {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return `${secure ? '__Secure-' : ''}better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}
