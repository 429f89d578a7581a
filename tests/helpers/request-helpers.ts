// Small helpers every API test uses to build requests and dates.
export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

/** An inject body sent as JSON, like a browser's fetch would. */
export const json = (body: unknown) => ({ payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

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
