import { describe, expect, it } from 'vitest';
import { formatEntry, prettyLog } from './pretty-log.ts';

describe('the development log', () => {
  it('writes one readable line per entry: time, level, message, the request, other fields', () => {
    const line = formatEntry({ level: 30, time: Date.UTC(2026, 0, 2, 9, 5, 7, 12), pid: 1, hostname: 'h', reqId: 'req-1', req: { method: 'GET', url: '/api/sessions' }, res: { statusCode: 200 }, responseTime: 12.345, msg: 'request completed' });
    expect(line).toBe('09:05:07.012 INFO  request completed GET /api/sessions → 200 12.3 ms reqId=req-1');
  });

  it('puts an error\'s stack below its line, and passes a line that is not JSON through', () => {
    const written: string[] = [];
    const log = prettyLog({ write: (t: string) => written.push(t) });
    log.write(JSON.stringify({ level: 50, time: 0, msg: 'failed', err: { message: 'boom', stack: 'Error: boom\n    at x' } }));
    log.write('plain text\n');
    expect(written).toEqual(['00:00:00.000 ERROR failed\nError: boom\n    at x\n', 'plain text\n']);
  });
});
