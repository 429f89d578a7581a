import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDb, migrateToLatest, type Db } from './database.ts';
import { prepare } from './prepared.ts';
import { sqliteAtomic } from './sqlite-atomic.ts';

let dir: string;
let db: Db;
const now = '2026-01-01T00:00:00.000Z';

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studynest-atomic-'));
  db = createDb({ dialect: 'sqlite', file: path.join(dir, 'db.sqlite') });
  await migrateToLatest(db.kysely);
});
afterAll(async () => {
  await db?.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const insertUser = prepare((k, p: { id: string; name: string }) =>
  k.insertInto('user').values({ id: p.id, name: p.name, email: p.id, createdAt: sql.lit(now), updatedAt: sql.lit(now) } as never),
);
const renameUser = prepare((k, p: { id: string; name: string }) => k.updateTable('user').set({ name: p.name }).where('id', '=', p.id).returning(['id', 'name']));
const names = async () => (await db.kysely.selectFrom('user').select(['id', 'name']).orderBy('id').execute()).map((u) => `${u.id}:${u.name}`);

describe('sqliteAtomic', () => {
  it('commits every statement of the work, and returns what it returns', async () => {
    const result = await sqliteAtomic(db.kysely, db.sqlite!, (tx) => {
      tx.run(insertUser.compiledWith(db.kysely, { id: 'a', name: 'Ann' }));
      return tx.rows(renameUser.compiledWith(db.kysely, { id: 'a', name: 'Anna' }));
    });
    expect(result).toEqual([{ id: 'a', name: 'Anna' }]);
    expect(await names()).toEqual(['a:Anna']);
  });

  it('rolls everything back when a statement fails (a unique violation) or the work throws', async () => {
    await expect(
      sqliteAtomic(db.kysely, db.sqlite!, (tx) => {
        tx.run(insertUser.compiledWith(db.kysely, { id: 'b', name: 'Bob' }));
        tx.run(insertUser.compiledWith(db.kysely, { id: 'a', name: 'again' }));
      }),
    ).rejects.toMatchObject({ code: expect.stringMatching(/^SQLITE_CONSTRAINT/) });
    await expect(
      sqliteAtomic(db.kysely, db.sqlite!, (tx) => {
        tx.run(insertUser.compiledWith(db.kysely, { id: 'c', name: 'Cy' }));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await names()).toEqual(['a:Anna']);
    expect(db.sqlite!.inTransaction).toBe(false);
  });

  it('waits for a Kysely transaction in progress instead of running inside it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const kyselyTx = db.kysely
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('user').set({ name: 'in kysely tx' }).where('id', '=', 'a').execute();
        await gate;
        order.push('kysely tx rolls back');
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const atomic = sqliteAtomic(db.kysely, db.sqlite!, (tx) => {
      order.push('atomic runs');
      tx.run(insertUser.compiledWith(db.kysely, { id: 'd', name: 'Dee' }));
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    await Promise.all([kyselyTx, atomic]);
    expect(order).toEqual(['kysely tx rolls back', 'atomic runs']);
    expect(await names()).toEqual(['a:Anna', 'd:Dee']);
  });

  it('refuses asynchronous work', async () => {
    await expect(sqliteAtomic(db.kysely, db.sqlite!, async () => undefined)).rejects.toThrow(/synchronous/);
    expect(db.sqlite!.inTransaction).toBe(false);
  });
});
