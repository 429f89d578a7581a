// Seat holds are a bookings concept with their durations in the contract
// (contract/bookings.ts); the web app says them from there, never from a literal of its own.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAYMENT_HOLD_MINUTES, WAITLIST_OFFER_HOURS } from '#contract/bookings.ts';
import { PROMOTED_HOLD_MS } from '#server/features/bookings/bookings-repository.ts';

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(tsx?|css|html)$/.test(entry.name) && !/\.test\./.test(entry.name) ? [full] : [];
  });
}

describe('seat hold durations', () => {
  it('come from the contract', () => {
    expect(PROMOTED_HOLD_MS).toBe(WAITLIST_OFFER_HOURS * 3_600_000);
  });

  it('are never written out in the web app', () => {
    const literal = new RegExp(`\\b(${WAITLIST_OFFER_HOURS}\\s*hours|${PAYMENT_HOLD_MINUTES}\\s*minutes)\\b`, 'i');
    const found = sourceFiles('web/src').filter((file) => literal.test(fs.readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });
});
