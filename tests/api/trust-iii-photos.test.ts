// A profile photo belongs to whoever uploaded it: another account cannot take its URL (PUT
// /api/user, better-auth's update-user, sign-up's image), so deleting that account cannot delete
// the photo; and a file another user's row still points at is never deleted
// (docs/decisions/036-startup-and-photo-ownership.md).
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppWithActors, type Actors } from '#tests/helpers/permission-matrix.ts';
import { multipart, json } from '#tests/helpers/request-helpers.ts';
import type { Actor, TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
let actors: Actors;
beforeAll(async () => ({ t, actors } = await createAppWithActors()));
afterAll(async () => t?.close());

let address = 0;
const pngBytes = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366aa' } }).png().toBuffer();
/** A photo uploaded by `who` (null: the sign-up page, before the account exists). */
async function upload(who: Actor | null): Promise<string> {
  const res = await t.request(who, { method: 'POST', url: '/api/uploads', remoteAddress: `198.51.100.${++address}`, ...multipart({}, { name: 'me.png', content: await pngBytes(), type: 'image/png' }) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().url as string;
}
const served = async (url: string) => (await t.request(null, { method: 'GET', url })).statusCode;
const onDisk = (url: string) => fs.existsSync(path.join(t.deps.config.dataDir, 'uploads', url.split('/').pop()!));
const imageOf = async (id: string) => (await t.deps.db.kysely.selectFrom('user').select('image').where('id', '=', id).executeTakeFirstOrThrow()).image;
const putUser = (who: Actor, image: string | null, name = 'Some Name') => t.request(who, { method: 'PUT', url: '/api/user', ...json({ name, image }) });
const updateUser = (who: Actor, image: string) => t.request(who, { method: 'POST', url: '/api/auth/update-user', ...json({ image }) });
const deleteMine = (who: Actor) => t.request(who, { method: 'DELETE', url: '/api/me', remoteAddress: '198.51.100.250', ...json({ password: who.user!.password }) });

/** A victim with a photo of their own, set the way Settings sets it. */
async function victimWithPhoto(): Promise<{ victim: Actor; photo: string }> {
  const victim = await t.actor();
  const photo = await upload(victim);
  const set = await putUser(victim, photo, 'Victim');
  expect(set.statusCode, set.body).toBe(200);
  return { victim, photo };
}

describe("another user's photo", () => {
  it('is refused by PUT /api/user, and deleting the attacker leaves it', async () => {
    const { victim, photo } = await victimWithPhoto();
    const attacker = await t.actor();
    const res = await putUser(attacker, photo);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/photo/i);
    expect(await imageOf(attacker.user!.id)).toBeNull();
    expect((await deleteMine(attacker)).statusCode).toBe(200);
    expect(await served(photo)).toBe(200);
    expect(await imageOf(victim.user!.id)).toBe(photo);
  });

  it("is refused by better-auth's update-user", async () => {
    const { photo } = await victimWithPhoto();
    const attacker = await t.actor();
    const res = await updateUser(attacker, photo);
    expect(res.statusCode, res.body).toBe(400);
    expect(await imageOf(attacker.user!.id)).toBeNull();
    expect(await served(photo)).toBe(200);
  });

  it('is refused at sign-up, and no account is made with it', async () => {
    const { photo } = await victimWithPhoto();
    const email = `thief-${Date.now()}@example.com`;
    const res = await t.request(null, { method: 'POST', url: '/api/auth/sign-up/email', ...json({ name: 'Thief', email, password: 'a-long-password-123', role: 'student', image: photo }) });
    expect(res.statusCode, res.body).toBe(400);
    const made = await t.deps.db.kysely.selectFrom('user').select('image').where('email', '=', email).executeTakeFirst();
    expect(made?.image ?? null).toBeNull();
    expect(await served(photo)).toBe(200);
  });

  it('is refused when it was uploaded by someone else signed in and not yet used', async () => {
    const owner = await t.actor();
    const photo = await upload(owner);
    const attacker = await t.actor();
    expect((await putUser(attacker, photo)).statusCode).toBe(400);
    expect((await updateUser(attacker, photo)).statusCode).toBe(400);
    // Its uploader may still use it.
    expect((await putUser(owner, photo)).statusCode).toBe(200);
  });

  it('is refused once a sign-up used an anonymous upload', async () => {
    const photo = await upload(null);
    const email = `new-${Date.now()}@example.com`;
    const signUp = await t.request(null, { method: 'POST', url: '/api/auth/sign-up/email', ...json({ name: 'New Person', email, password: 'a-long-password-123', role: 'student', image: photo }) });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const attacker = await t.actor();
    expect((await putUser(attacker, photo)).statusCode).toBe(400);
    expect((await updateUser(attacker, photo)).statusCode).toBe(400);
  });
});

describe('a file another row points at', () => {
  it('survives the deletion of any other account that points at it too (self or by an admin)', async () => {
    const { victim, photo } = await victimWithPhoto();
    // Rows written before photos had owners may share a photo.
    const self = await t.actor();
    const other = await t.actor();
    for (const who of [self, other]) await t.deps.db.kysely.updateTable('user').set({ image: photo }).where('id', '=', who.user!.id).execute();
    expect((await deleteMine(self)).statusCode).toBe(200);
    expect(await served(photo)).toBe(200);
    const byAdmin = await t.request(actors.admin, { method: 'DELETE', url: `/api/users/${other.user!.id}`, remoteAddress: '198.51.100.251' });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(await served(photo)).toBe(200);
    expect(await imageOf(victim.user!.id)).toBe(photo);
  });

  it("is removed with its own user's account once nobody else points at it", async () => {
    const { victim, photo } = await victimWithPhoto();
    expect((await deleteMine(victim)).statusCode).toBe(200);
    expect(await served(photo)).toBe(404);
    expect(onDisk(photo)).toBe(false);
  });
});

describe('your own photo', () => {
  it('is set by PUT /api/user, kept when only the name changes, and set by update-user', async () => {
    const me = await t.actor();
    const first = await upload(me);
    expect((await putUser(me, first)).statusCode).toBe(200);
    expect((await putUser(me, first, 'Renamed')).statusCode).toBe(200);
    const second = await upload(me);
    const res = await updateUser(me, second);
    expect(res.statusCode, res.body).toBe(200);
    expect(await imageOf(me.user!.id)).toBe(second);
    // Back to the first one: still the caller's.
    expect((await putUser(me, first)).statusCode).toBe(200);
    expect((await putUser(me, null)).statusCode).toBe(200);
  });

  it('uploaded on the sign-up page before the account exists is taken by that sign-up', async () => {
    const photo = await upload(null);
    const email = `photo-${Date.now()}@example.com`;
    const res = await t.request(null, { method: 'POST', url: '/api/auth/sign-up/email', ...json({ name: 'With Photo', email, password: 'a-long-password-123', role: 'tutor', image: photo }) });
    expect(res.statusCode, res.body).toBe(200);
    const made = await t.deps.db.kysely.selectFrom('user').select(['id', 'image']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(made.image).toBe(photo);
    // Theirs from then on: shown again after another choice.
    const me = await t.signIn({ id: made.id, name: 'With Photo', email, password: 'a-long-password-123', role: 'tutor' });
    expect((await putUser(me, null)).statusCode).toBe(200);
    expect((await putUser(me, photo)).statusCode).toBe(200);
  });
});
