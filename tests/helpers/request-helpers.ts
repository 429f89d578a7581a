// Small helpers every API test uses to build requests and dates.
export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

/** An inject body sent as JSON, like a browser's fetch would. */
export const json = (body: unknown) => ({ payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

/**
 * A multipart/form-data body, as a browser's form sends it: the text fields, then at most one
 * file in the field "file". `payload` and `headers` spread into an inject; `fetch` takes them too.
 */
export function multipart(fields: Record<string, string>, file?: { name: string; content: Buffer; type: string }) {
  const boundary = '----studynest-test-boundary';
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.content, Buffer.from('\r\n'));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const enc = encodeURIComponent;

export const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The dates of a session open for registration now, its class in ten days for two hours: the
 * body fields of POST /api/create-session. The class starts on a whole minute.
 */
export const schedule = () => {
  const classStart = Math.floor((Date.now() + 10 * DAY) / 60_000) * 60_000;
  return {
    registrationStartDate: iso(Date.now() - DAY),
    registrationEndDate: iso(Date.now() + 5 * DAY),
    classStartDate: iso(classStart),
    classEndDate: iso(classStart + 2 * HOUR),
  };
};

/**
 * The dates of a session whose registration opens now and closes in three days, its class in five
 * days for `classHours`: the body fields of POST /api/create-session, next to `schedule()`'s.
 */
export const datesFromNow = (classHours = 2) => {
  const now = Date.now();
  return {
    registrationStartDate: iso(now),
    registrationEndDate: iso(now + 3 * DAY),
    classStartDate: iso(now + 5 * DAY),
    classEndDate: iso(now + 5 * DAY + classHours * HOUR),
  };
};
