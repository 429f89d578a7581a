// Forms as a browser posts them to a page (the pages' route actions), and what an answer leaves in
// the browser's cookies.
type Answer = { headers: Record<string, unknown> };

let address = 0;
/** A urlencoded form body, as a browser sends one, from an address of its own (sign-ins are rate-limited per address). */
export const form = (fields: Record<string, string> | Array<[string, string]>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  remoteAddress: `10.78.${(address >> 8) & 255}.${address++ & 255}`,
});

export const setCookies = (res: Answer) => [res.headers['set-cookie'] ?? []].flat() as string[];

/** The cookies an answer set, as the browser sends them back. */
export const cookieOf = (res: Answer) => setCookies(res).map((c) => c.split(';')[0]).join('; ');

/** The success message a form left for its next page: the `done` cookie's value. */
export const doneOf = (res: Answer) => setCookies(res).find((c) => c.startsWith('done='))?.split(';')[0]?.slice('done='.length);
