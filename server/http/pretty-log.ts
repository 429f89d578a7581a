// The development log (NODE_ENV=development: `npm start`, `npm run dev`): one readable line per
// entry instead of pino's JSON, which production keeps for log collectors. Time, level, message,
// the request's method, URL, status and duration, then any other field as key=value; an error's
// stack on the lines below.
const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const COLORS: Record<number, string> = { 10: '90', 20: '90', 30: '32', 40: '33', 50: '31', 60: '35' };
const SKIPPED = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'req', 'res', 'responseTime', 'err', 'v']);

interface Out {
  write(text: string): unknown;
  isTTY?: boolean;
}

export function prettyLog(out: Out, colors = Boolean(out.isTTY)): { write(line: string): void } {
  const paint = (code: string, text: string) => (colors ? `\x1b[${code}m${text}\x1b[0m` : text);
  return {
    write(line: string) {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        out.write(line);
        return;
      }
      out.write(`${formatEntry(entry, paint)}\n`);
    },
  };
}

export function formatEntry(entry: Record<string, unknown>, paint: (code: string, text: string) => string = (_, t) => t): string {
  const level = Number(entry.level);
  const time = typeof entry.time === 'number' ? new Date(entry.time).toISOString().slice(11, 23) : '';
  const parts = [paint('90', time), paint(COLORS[level] ?? '0', (LEVELS[level] ?? String(entry.level)).padEnd(5)), String(entry.msg ?? '')];
  const req = entry.req as { method?: string; url?: string } | undefined;
  if (req?.method) parts.push(`${req.method} ${req.url ?? ''}`);
  const res = entry.res as { statusCode?: number } | undefined;
  if (res?.statusCode) parts.push(`→ ${res.statusCode}`);
  if (typeof entry.responseTime === 'number') parts.push(`${entry.responseTime.toFixed(1)} ms`);
  for (const [key, value] of Object.entries(entry)) {
    if (!SKIPPED.has(key)) parts.push(paint('90', `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`));
  }
  const err = entry.err as { stack?: string; message?: string } | undefined;
  const stack = err ? `\n${paint('31', err.stack ?? err.message ?? JSON.stringify(err))}` : '';
  return parts.filter(Boolean).join(' ') + stack;
}
