// The auth client's 429s read like every other (the message itself: contract/too-many-requests.ts).
import { retryAfterSeconds, tooManyRequestsMessage } from '#contract/too-many-requests.ts';

/**
 * A 429 whose JSON `message` names the wait (better-auth answers "Please try again later" with
 * the wait only in a header); any other answer as it is. For the auth client's `onResponse`.
 */
export async function withWaitInMessage(response: Response): Promise<Response> {
  if (response.status !== 429) return response;
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = await response.clone().json();
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: the message below is all there is to say.
  }
  const headers = new Headers(response.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Response(JSON.stringify({ ...body, message: tooManyRequestsMessage(retryAfterSeconds(response.headers)) }), {
    status: 429,
    statusText: response.statusText,
    headers,
  });
}
