// One POST of a signed message to an endpoint, through the address guard (webhook-address.ts).
// Redirects are not followed (a 3xx is an answer like any other, and a failure).
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { bareHost, guardedLookup, isPrivateAddress, RefusedAddressError } from './webhook-address.ts';

export interface SendResult {
  /** The endpoint's status, or null when no answer came. */
  status: number | null;
  /** The first characters of its answer, or why none came. */
  body: string;
}

const TIMEOUT_MS = 10_000;
export const SHOWN_BODY = 200;

export function sendWebhook(target: string, headers: Record<string, string>, body: string, allowPrivate: boolean): Promise<SendResult> {
  const url = new URL(target);
  const host = bareHost(url);
  // A literal address is connected to without a lookup: checked here.
  if (net.isIP(host) && !allowPrivate && isPrivateAddress(host)) return Promise.resolve({ status: null, body: new RefusedAddressError(host).message });
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'StudyNest-Webhooks/1' },
        lookup: guardedLookup(allowPrivate) as never,
        agent: false,
        timeout: TIMEOUT_MS,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let length = 0;
        response.on('data', (chunk: Buffer) => {
          if (length < 4096) chunks.push(chunk);
          length += chunk.length;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? null, body: Buffer.concat(chunks).toString('utf8').slice(0, SHOWN_BODY) }));
        response.on('error', (err) => resolve({ status: response.statusCode ?? null, body: err.message.slice(0, SHOWN_BODY) }));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    request.on('error', (err) => resolve({ status: null, body: err.message.slice(0, SHOWN_BODY) }));
    request.end(body);
  });
}
