// A deliberate sign-out (Log out, deleting one's account) and the 401s it causes: the page being
// left hears that its session ended, for requests sent before the sign-out and for those sent
// while its navigation has not landed, whenever their answers arrive. None of those may send the
// user to the login page in place of where the sign-out goes; a 401 to a request sent after the
// navigation landed still does.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, endSigningOut, setApiTransport, setUnauthorizedHandler, whileSigningOut } from './api-client.ts';

/** A transport whose answers the test gives, one request at a time. */
function heldTransport() {
  const pending = new Map<string, (response: Response) => void>();
  setApiTransport((url) => new Promise<Response>((resolve) => pending.set(url, resolve)));
  /** Answers the request to `url` (its path under /api) with `status`. */
  return (url: string, status: number) => {
    pending.get(`/api${url}`)!(new Response(status === 204 ? null : JSON.stringify({ message: 'x' }), { status, headers: { 'content-type': 'application/json' } }));
    pending.delete(`/api${url}`);
  };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a 401 and a deliberate sign-out', () => {
  afterEach(() => {
    endSigningOut();
    setUnauthorizedHandler(() => {});
  });

  it('a request sent before the sign-out, answered 401 after it, never goes to the login page', async () => {
    // The app's window (the server's renderer has none and closes the window with the call).
    vi.stubGlobal('document', {});
    const toLogin = vi.fn();
    setUnauthorizedHandler(toLogin);
    const answer = heldTransport();
    const pageData = apiRequest('/me/notifications').catch(() => undefined);
    await settled();
    const signOut = whileSigningOut(() => apiRequest('/auth/sign-out', { method: 'POST', redirectOnUnauthorized: false }));
    await settled();
    // The sign-out is answered first; the page's data after it, as nobody.
    answer('/auth/sign-out', 204);
    await signOut;
    answer('/me/notifications', 401);
    await pageData;
    expect(toLogin).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('nor does one sent while the sign-out’s navigation is under way and answered once it landed; one sent after does', async () => {
    vi.stubGlobal('document', {});
    const toLogin = vi.fn();
    setUnauthorizedHandler(toLogin);
    const answer = heldTransport();
    const signOut = whileSigningOut(() => apiRequest('/auth/sign-out', { method: 'POST', redirectOnUnauthorized: false }));
    await settled();
    answer('/auth/sign-out', 204);
    await signOut;
    // The page being left reads its data again, as nobody, before the navigation lands.
    const refetch = apiRequest('/me/calendar-feed').catch(() => undefined);
    await settled();
    endSigningOut();
    answer('/me/calendar-feed', 401);
    await refetch;
    expect(toLogin).not.toHaveBeenCalled();

    // Later, on the page it landed on: a 401 is news again.
    const later = apiRequest('/notes/x').catch(() => undefined);
    await settled();
    answer('/notes/x', 401);
    await later;
    expect(toLogin).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});
