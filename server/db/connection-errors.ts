// Recognises "the database cannot be reached" (refused, dropped, timed out, shutting down), so
// that an outage answers a clear 503 instead of a 500, on every route. Drivers and better-auth
// wrap these errors, so the cause chain is followed.
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH']);
// PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections; class 08 = connection exception.
const PG_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
const MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || PG_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (typeof message === 'string' && MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}
