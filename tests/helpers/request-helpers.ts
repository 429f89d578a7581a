// Small helpers every API test uses to build requests and dates.
export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

/** An inject body sent as JSON, like a browser's fetch would. */
export const json = (body: unknown) => ({ payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

export const enc = encodeURIComponent;

export const iso = (ms: number) => new Date(ms).toISOString();
