import { randomFillSync } from 'node:crypto';

let lastMs = 0;
let sequence = 0;

// Random bytes are drawn from the CSPRNG 4 KB at a time and each byte is used once: one
// randomBytes(16) call per id cost 15–20 µs in the booking storm's profile (3 % of a booking),
// far more than the bytes themselves. crypto.randomUUID keeps a cache the same way.
const POOL_SIZE = 4096;
const pool = Buffer.alloc(POOL_SIZE);
let poolOffset = POOL_SIZE;

/** `n` fresh random bytes (a view of the pool: use them before the next call). */
function random(n: number): Buffer {
  if (poolOffset + n > POOL_SIZE) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const bytes = pool.subarray(poolOffset, poolOffset + n);
  poolOffset += n;
  return bytes;
}

/**
 * Time-ordered ids (UUIDv7 layout): sortable by creation, so keyset pages by (createdAt, id)
 * stay stable, and unguessable in their 62 random bits. Within one process, ids made in the
 * same millisecond still increase (a 12-bit sequence in rand_a, RFC 9562 §6.2 method 1), so
 * rows created in one millisecond keep their creation order.
 */
export function newId(now = Date.now()): string {
  let ms = now;
  if (ms <= lastMs) {
    ms = lastMs;
    sequence++;
    if (sequence > 0xfff) {
      ms = ++lastMs;
      sequence = 0;
    }
  } else {
    lastMs = ms;
    sequence = random(2).readUInt16BE(0) & 0x7ff; // leaves room to count up
  }
  const bytes = random(16); // written over below, then copied out as hex
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const nowIso = (): string => new Date().toISOString();

/** better-auth columns are Date on PostgreSQL and ISO text on SQLite. */
export function toIso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
