// Who an account is, and who it may become: ADMIN_EMAIL makes an admin only of an address its
// owner has proved (never at sign-up), an address in erasure's reserved domain cannot be taken,
// what better-auth stores of a client's text is the checked, trimmed value, and opening a
// verification link never signs a browser in (login CSRF).
// docs/decisions/035-verified-admin-and-reserved-addresses.md.
import type { LightMyRequestResponse } from 'fastify';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deletedEmail } from '#server/features/my-data/my-data-repository.ts';
import { startUp } from '#server/start-up.ts';
import { json } from '#tests/helpers/request-helpers.ts';
import { createTestApp, TEST_ORIGIN, type Actor, type TestApp } from '#tests/helpers/test-app.ts';

const ADMIN = 'boss@school.example';
const PASSWORD = 'plum kettle orbit 42';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL: ADMIN });
});
afterAll(async () => t?.close());

let ipCounter = 0;
/** Each call from its own address: these tests are about answers, not about the rate limits. */
const nextIp = () => `172.21.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;

const post = (app: TestApp, actor: Actor | null, url: string, body: unknown) => app.request(actor, { method: 'POST', url, remoteAddress: nextIp(), ...json(body) });

const cookieOf = (res: LightMyRequestResponse): string => {
  const set = res.headers['set-cookie'];
  const list = Array.isArray(set) ? set : set ? [set] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
};
const sessionCookieSet = (res: LightMyRequestResponse) => /better-auth\.session_token=[^;]+/.test(cookieOf(res));

async function signUp(app: TestApp, email: string, extra: Record<string, unknown> = {}) {
  return post(app, null, '/api/auth/sign-up/email', { name: 'New Person', email, password: PASSWORD, ...extra });
}

async function signIn(app: TestApp, email: string, password = PASSWORD): Promise<Actor> {
  const res = await post(app, null, '/api/auth/sign-in/email', { email, password });
  expect(res.statusCode, res.body).toBe(200);
  return { user: null, cookie: cookieOf(res) };
}

const me = async (app: TestApp, actor: Actor) => (await app.request(actor, { method: 'GET', url: '/api/me' })).json() as { id: string; email: string; role: string; status: string; name: string };
const userRow = (app: TestApp, email: string) => app.deps.db.kysely.selectFrom('user').selectAll().where('email', '=', email).executeTakeFirst();

/** The path of the verification link last emailed to `email`. */
async function verificationLink(app: TestApp, email: string): Promise<string> {
  const mail = await app.mail.waitFor(email, /Verify/);
  const link = /http:\/\/studynest\.test(\/api\/auth\/verify-email\S+)/.exec(mail.text)?.[1];
  expect(link).toBeTruthy();
  return link!;
}

/** The owner opens the last password link emailed to `email` and sets `password`. */
async function setPasswordByMail(app: TestApp, email: string, password: string): Promise<void> {
  const mails = app.mail.messages.filter((m) => m.to.includes(email) && /reset-password\?token=/.test(m.text));
  const mail = mails.at(-1) ?? (await app.mail.waitFor(email, /password/i));
  const token = decodeURIComponent(/reset-password\?token=([^\s&]+)/.exec(mail.text)![1]!);
  const reset = await post(app, null, '/api/auth/reset-password', { token, newPassword: password });
  expect(reset.statusCode, reset.body).toBe(200);
}

describe('ADMIN_EMAIL promotes a verified address only', () => {
  it('sign-up with that address makes a student; opening the emailed link keeps that browser signed in, still a student, and emails the password-set link; setting the password through it makes the admin', async () => {
    expect((await signUp(t, ADMIN)).statusCode).toBe(200);
    expect((await userRow(t, ADMIN))?.role).toBe('student');
    const unverified = await signIn(t, ADMIN);
    expect(await me(t, unverified)).toMatchObject({ role: 'student', status: 'Unverified' });
    expect((await t.request(unverified, { method: 'GET', url: '/api/users' })).statusCode).toBe(403);
    expect((await t.request(unverified, { method: 'GET', url: '/api/audit-log' })).statusCode).toBe(403);

    const verify = await t.request(unverified, { method: 'GET', url: await verificationLink(t, ADMIN) });
    expect(verify.statusCode).toBeLessThan(400);
    // The browser that opened the link is this account's: it stays signed in, verified, not yet admin.
    expect(await me(t, unverified)).toMatchObject({ role: 'student', status: 'Verified' });
    expect((await t.request(unverified, { method: 'GET', url: '/api/users' })).statusCode).toBe(403);

    await setPasswordByMail(t, ADMIN, 'the owners own phrase 7');
    const owner = await signIn(t, ADMIN, 'the owners own phrase 7');
    expect(await me(t, owner)).toMatchObject({ role: 'admin', status: 'Verified' });
    expect((await t.request(owner, { method: 'GET', url: '/api/users' })).statusCode).toBe(200);
    // The reset signed every earlier session out, the one that opened the link too.
    expect((await t.request(unverified, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
  });

  it("account pre-hijacking: the attacker's session and password made before the owner opened the link never become admin", async () => {
    const t2 = await createTestApp({ ADMIN_EMAIL: 'admin@school.example' });
    try {
      expect((await signUp(t2, 'admin@school.example', { name: 'Mallory' })).statusCode).toBe(200);
      const attacker = await signIn(t2, 'admin@school.example');
      // The real owner opens the link ("Hello Mallory… verify") in their own browser.
      expect((await t2.request(null, { method: 'GET', url: await verificationLink(t2, 'admin@school.example') })).statusCode).toBeLessThan(400);
      expect((await t2.request(attacker, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
      expect((await t2.request(attacker, { method: 'GET', url: '/api/users' })).statusCode).not.toBe(200);
      // The attacker's password still signs in (the account is the address's now), but not as admin.
      const again = await signIn(t2, 'admin@school.example');
      expect(await me(t2, again)).toMatchObject({ role: 'student', status: 'Verified' });
      expect((await t2.request(again, { method: 'GET', url: '/api/users' })).statusCode).toBe(403);
      // The owner sets their own password from the emailed link: the admin, and the attacker is out.
      const mail = await t2.mail.waitFor('admin@school.example', /administrator/);
      expect(mail.text).toMatch(/administrator address/);
      await setPasswordByMail(t2, 'admin@school.example', 'the owners own phrase 7');
      expect((await t2.request(again, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
      expect((await post(t2, null, '/api/auth/sign-in/email', { email: 'admin@school.example', password: PASSWORD })).statusCode).toBe(401);
      const owner = await signIn(t2, 'admin@school.example', 'the owners own phrase 7');
      expect(await me(t2, owner)).toMatchObject({ role: 'admin' });
      expect((await t2.request(owner, { method: 'GET', url: '/api/users' })).statusCode).toBe(200);
    } finally {
      await t2.close();
    }
  });

  it('for every account: opening the verification link signs out every earlier session of it, except the browser that opened it', async () => {
    const email = 'plain.student@school.example';
    expect((await signUp(t, email)).statusCode).toBe(200);
    const elsewhere = await signIn(t, email);
    const opener = await signIn(t, email);
    expect((await t.request(opener, { method: 'GET', url: await verificationLink(t, email) })).statusCode).toBeLessThan(400);
    expect((await t.request(elsewhere, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    expect(await me(t, opener)).toMatchObject({ email, status: 'Verified', role: 'student' });
    // A browser signed in as someone else keeps its own session and signs no one out but the account's.
    const other = await t.actor({ role: 'student', verified: false });
    const second = 'plain.second@school.example';
    expect((await signUp(t, second)).statusCode).toBe(200);
    const secondSession = await signIn(t, second);
    expect((await t.request(other, { method: 'GET', url: await verificationLink(t, second) })).statusCode).toBeLessThan(400);
    expect((await t.request(other, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    expect((await t.request(secondSession, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
  });

  it('after the admin account is deleted, a new sign-up with the address is not an admin, nor on signing in', async () => {
    const t2 = await createTestApp({ ADMIN_EMAIL: 'head@school.example' });
    try {
      const boss = await t2.createUser({ email: 'head@school.example', role: 'admin' });
      const other = await t2.actor({ role: 'admin' });
      expect((await t2.request(other, { method: 'DELETE', url: `/api/users/${boss.id}` })).statusCode).toBe(200);
      expect((await signUp(t2, 'head@school.example')).statusCode).toBe(200);
      const newcomer = await signIn(t2, 'head@school.example');
      expect(await me(t2, newcomer)).toMatchObject({ role: 'student', status: 'Unverified' });
      expect((await t2.request(newcomer, { method: 'GET', url: '/api/users' })).statusCode).toBe(403);
    } finally {
      await t2.close();
    }
  });

  it('a password sign-in never makes the admin, verified or not: the password may be whoever signed up first', async () => {
    const t2 = await createTestApp({ ADMIN_EMAIL: 'dean@school.example' });
    try {
      const unverified = await t2.createUser({ email: 'dean@school.example', role: 'student', verified: false });
      expect(await me(t2, await signIn(t2, unverified.email, unverified.password))).toMatchObject({ role: 'student' });
      await t2.deps.db.kysely.updateTable('user').set({ emailVerified: t2.deps.db.dialect === 'postgres' ? true : 1 } as never).where('id', '=', unverified.id).execute();
      const verified = await signIn(t2, unverified.email, unverified.password);
      expect(await me(t2, verified)).toMatchObject({ role: 'student', status: 'Verified' });
      expect((await t2.request(verified, { method: 'GET', url: '/api/users' })).statusCode).toBe(403);
    } finally {
      await t2.close();
    }
  });

  it('at start (what server/start-up.ts runs): a verified account with the address is not made admin; its owner is emailed the password-set link, once; an unverified one gets nothing', async () => {
    const chair = 'chair@school.example';
    const t2 = await createTestApp({ ADMIN_EMAIL: chair });
    try {
      const start = () => startUp(t2.deps.config, t2.deps, { warn: () => {}, print: () => {} });
      const passwordMails = () => t2.mail.messages.filter((m) => m.to.includes(chair) && /administrator/.test(m.subject)).length;
      // No account yet: nothing to do, nothing made.
      await start();
      expect(await userRow(t2, chair)).toBeUndefined();
      const account = await t2.createUser({ email: chair, role: 'tutor', verified: false });
      await start();
      expect((await userRow(t2, chair))?.role).toBe('tutor');
      await t2.deps.db.kysely.updateTable('user').set({ emailVerified: t2.deps.db.dialect === 'postgres' ? true : 1 } as never).where('id', '=', account.id).execute();
      await start();
      expect((await userRow(t2, chair))?.role).toBe('tutor');
      const mail = await t2.mail.waitFor(chair, /administrator/);
      expect(mail.text).toMatch(/administrator address/);
      // A second start while that link is still open sends no second one.
      await start();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(passwordMails()).toBe(1);
      // The password the account had (whoever set it) does not make the admin; the link does.
      expect(await me(t2, await signIn(t2, chair, account.password))).toMatchObject({ role: 'tutor' });
      await setPasswordByMail(t2, chair, 'the owners own phrase 7');
      expect((await userRow(t2, chair))?.role).toBe('admin');
    } finally {
      await t2.close();
    }
  });
});

describe('Google (OpenID Connect) sign-in counts as verified only when the provider says so', () => {
  let oidc: OAuth2Server;
  let claims: Record<string, unknown>;
  let g: TestApp;
  beforeAll(async () => {
    oidc = new OAuth2Server();
    await oidc.issuer.keys.generate('RS256');
    await oidc.start(0, '127.0.0.1');
    oidc.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => Object.assign(token.payload, claims));
    oidc.service.on('beforeUserinfo', (userInfo: { body: Record<string, unknown> }) => {
      userInfo.body = { ...claims };
    });
    g = await createTestApp({
      ADMIN_EMAIL: 'gina@school.example',
      GOOGLE_CLIENT_ID: 'studynest-test',
      GOOGLE_CLIENT_SECRET: 'studynest-test-secret',
      GOOGLE_DISCOVERY_URL: `${oidc.issuer.url!}/.well-known/openid-configuration`,
    });
  });
  afterAll(async () => {
    await g?.close();
    await oidc?.stop();
  });

  /** The whole round trip: start at StudyNest, the provider answers at once, back to StudyNest's callback. */
  async function signInWithGoogle(app: TestApp = g): Promise<LightMyRequestResponse> {
    const start = await post(app, null, '/api/auth/sign-in/social', { provider: 'google', callbackURL: '/' });
    expect(start.statusCode, start.body).toBe(200);
    const authorize = await fetch((start.json() as { url: string }).url, { redirect: 'manual' });
    const back = new URL(authorize.headers.get('location')!);
    return app.request({ user: null, cookie: cookieOf(start) }, { method: 'GET', url: back.pathname + back.search, remoteAddress: nextIp() });
  }
  const googleApp = (adminEmail: string) =>
    createTestApp({ ADMIN_EMAIL: adminEmail, GOOGLE_CLIENT_ID: 'studynest-test', GOOGLE_CLIENT_SECRET: 'studynest-test-secret', GOOGLE_DISCOVERY_URL: `${oidc.issuer.url!}/.well-known/openid-configuration` });

  it('email_verified false: signed in, but not the admin; email_verified true: the admin', async () => {
    claims = { sub: 'google-gina', email: 'gina@school.example', email_verified: false, name: 'Gina' };
    const unproved = await signInWithGoogle();
    expect(unproved.statusCode).toBe(302);
    const row = await userRow(g, 'gina@school.example');
    expect(row?.role).toBe('student');
    expect(Boolean(row?.emailVerified)).toBe(false);

    claims = { ...claims, email_verified: true };
    const proved = await signInWithGoogle();
    expect(proved.statusCode).toBe(302);
    expect(await me(g, { user: null, cookie: cookieOf(proved) })).toMatchObject({ role: 'admin', status: 'Verified' });
  });

  it('a Google sign-in (email_verified true) does not make admin an account whose password was set before its owner proved the address; the emailed password link does', async () => {
    const app = await googleApp('gail@school.example');
    try {
      expect((await signUp(app, 'gail@school.example', { name: 'Mallory' })).statusCode).toBe(200);
      expect((await app.request(null, { method: 'GET', url: await verificationLink(app, 'gail@school.example') })).statusCode).toBeLessThan(400);
      claims = { sub: 'google-gail', email: 'gail@school.example', email_verified: true, name: 'Gail' };
      const viaGoogle = await signInWithGoogle(app);
      expect(viaGoogle.statusCode).toBe(302);
      expect(await me(app, { user: null, cookie: cookieOf(viaGoogle) })).toMatchObject({ role: 'student', status: 'Verified' });
      await setPasswordByMail(app, 'gail@school.example', 'the owners own phrase 7');
      expect((await userRow(app, 'gail@school.example'))?.role).toBe('admin');
    } finally {
      await app.close();
    }
  });

  it('an address proved by its link is not made admin by a Google account whose email_verified is false', async () => {
    const app = await googleApp('gwen@school.example');
    try {
      claims = { sub: 'google-gwen', email: 'gwen@school.example', email_verified: false, name: 'Gwen' };
      expect((await signInWithGoogle(app)).statusCode).toBe(302);
      expect((await app.request(null, { method: 'GET', url: await verificationLink(app, 'gwen@school.example') })).statusCode).toBeLessThan(400);
      const again = await signInWithGoogle(app);
      expect(again.statusCode).toBe(302);
      expect(await me(app, { user: null, cookie: cookieOf(again) })).toMatchObject({ role: 'student', status: 'Verified' });
    } finally {
      await app.close();
    }
  });

  it("a provider's name is stored trimmed and within the name's limit; an address in a reserved domain makes no account", async () => {
    claims = { sub: 'google-long', email: 'long.name@school.example', email_verified: true, name: `  ${'N'.repeat(300)}\t` };
    expect((await signInWithGoogle()).statusCode).toBe(302);
    const row = await userRow(g, 'long.name@school.example');
    expect(row?.name).toBe('N'.repeat(100));

    claims = { sub: 'google-reserved', email: 'deleted-x@deleted.invalid', email_verified: true, name: 'Reserved' };
    await signInWithGoogle();
    expect(await userRow(g, 'deleted-x@deleted.invalid')).toBeUndefined();
  });
});

describe('an address in the domain erasure uses cannot be signed up or set', () => {
  it('the address an erased account gets is in that domain', async () => {
    expect(deletedEmail('abc')).toMatch(/@deleted\.invalid$/);
  });

  it("refuses sign-up as a future erased account's address, in any spelling; the victim's erasure then works", async () => {
    const victim = await t.actor({ role: 'student' });
    for (const email of [deletedEmail(victim.user!.id), deletedEmail(victim.user!.id).toUpperCase(), 'someone@elsewhere.invalid', 'x@INVALID.Invalid']) {
      const res = await signUp(t, email);
      expect(res.statusCode, email).toBe(400);
      expect(Object.keys((res.json() as { fields?: object }).fields ?? {}), email).toContain('email');
      expect(await userRow(t, email.toLowerCase()), email).toBeUndefined();
    }
    // Through the library directly (not our HTTP bridge): the same.
    await expect(t.deps.auth.api.signUpEmail({ body: { name: 'M', email: 'direct@deleted.invalid', password: PASSWORD } })).rejects.toThrow();
    expect(await userRow(t, 'direct@deleted.invalid')).toBeUndefined();

    const gone = await t.request(victim, { method: 'DELETE', url: '/api/me', ...json({ password: victim.user!.password }) });
    expect(gone.statusCode, gone.body).toBe(200);
  });

  it('refuses changing an address to one in that domain', async () => {
    const a = await t.actor({ role: 'student' });
    const res = await post(t, a, '/api/auth/change-email', { newEmail: 'mine@deleted.invalid' });
    expect(res.statusCode).toBe(400);
    expect((await me(t, a)).email).toBe(a.user!.email);
  });

  it('addresses of the other special-use domains (demo accounts, tests) still sign up', async () => {
    for (const email of ['someone@studynest.example', 'someone@school.test']) expect((await signUp(t, email)).statusCode, email).toBe(200);
  });
});

describe('what better-auth stores is the checked, trimmed value', () => {
  const HUGE = 100_000;
  const huge = (c = 'a') => c.repeat(HUGE);

  it('update-user: a name padded with 200,000 spaces and tabs is refused, a lightly padded one is stored trimmed', async () => {
    const a = await t.actor({ role: 'student' });
    const padded = await post(t, a, '/api/auth/update-user', { name: `${' '.repeat(200_000)}Sam${'\t'.repeat(200_000)}` });
    expect(padded.statusCode).toBe(400);
    expect((padded.json() as { fields?: object }).fields).toHaveProperty('name');
    const row = await userRow(t, a.user!.email);
    expect(row?.name).toBe(a.user!.name);

    expect((await post(t, a, '/api/auth/update-user', { name: ' \t Sam Lee \n ' })).statusCode).toBe(200);
    expect((await userRow(t, a.user!.email))?.name).toBe('Sam Lee');
    expect((await me(t, a)).name).toBe('Sam Lee');
  });

  it('every text field of sign-up and update-user, 100 kB long, is refused and nothing long is stored', async () => {
    const signUpFields: Record<string, unknown> = { name: huge(), email: `${huge()}@example.com`, password: huge('k'), role: huge(), image: `/api/uploads/${huge()}.webp`, callbackURL: `/${huge()}` };
    for (const [field, value] of Object.entries(signUpFields)) {
      const email = `long-${field.toLowerCase()}@example.com`;
      const res = await signUp(t, field === 'email' ? (value as string) : email, { [field]: value });
      expect(res.statusCode, field).toBe(400);
      expect(await userRow(t, email), field).toBeUndefined();
    }
    const a = await t.actor({ role: 'student' });
    for (const [field, value] of Object.entries({ name: huge(), image: `/api/uploads/${huge()}.webp` })) {
      expect((await post(t, a, '/api/auth/update-user', { [field]: value })).statusCode, field).toBe(400);
    }
    // Our own route takes the same fields.
    expect((await t.request(a, { method: 'PUT', url: '/api/user', ...json({ name: huge() }) })).statusCode).toBe(400);
    const longest = await t.deps.db.kysely.selectFrom('user').select(['name', 'email', 'image', 'role']).execute();
    for (const row of longest) {
      expect(row.name.length).toBeLessThanOrEqual(100);
      expect(row.email.length).toBeLessThanOrEqual(254);
      expect((row.image ?? '').length).toBeLessThanOrEqual(500);
    }
    // The verification emails of the refused sign-ups were never queued (a long callbackURL would be in the link).
    const jobs = await t.deps.db.kysely.selectFrom('job').select('payload').execute();
    for (const job of jobs) expect(String(job.payload).length).toBeLessThan(HUGE);
  });

  it('sign-up with padded fields: stored trimmed, or refused', async () => {
    const res = await signUp(t, '  padded.person@example.com \t', { name: '\t Padded Person  ', role: 'tutor' });
    expect(res.statusCode, res.body).toBe(200);
    const row = await userRow(t, 'padded.person@example.com');
    expect(row).toMatchObject({ name: 'Padded Person', email: 'padded.person@example.com', role: 'tutor' });

    const spacedRole = await signUp(t, 'spaced.role@example.com', { role: ' tutor ' });
    expect(spacedRole.statusCode).toBe(400);
    expect(await userRow(t, 'spaced.role@example.com')).toBeUndefined();
    const spacedImage = await signUp(t, 'spaced.image@example.com', { image: ' /api/uploads/abc.webp ' });
    expect(spacedImage.statusCode).toBe(400);
    const blankName = await signUp(t, 'blank.name@example.com', { name: ' \t ' });
    expect(blankName.statusCode).toBe(400);
    expect(await userRow(t, 'blank.name@example.com')).toBeUndefined();
  });

  // NUL (which PostgreSQL cannot store), the other C0 and C1 controls, and the bidirectional
  // overrides and isolates (which turn the text shown after a name around).
  const UNSHOWABLE_NAMES = ['Sam\n\r\u202eevil', 'Sam\u0007', 'Sam\u007f', 'Sam\u0085x', 'a\u202ab', 'a\u2066b\u2069', 'x\u2068y'];
  const NAME_CHARACTERS = 'Invalid name: Name cannot contain control characters or text-direction marks';
  /** A NUL is refused in any text of any JSON body, before a field's rule reads it. */
  const NUL_REFUSED = 'The request contains a character that is not allowed (such as a NUL character).';

  it('a name with a NUL, a control character or a text-direction override is refused (400, never 500) by update-user, sign-up and PUT /api/user, and nothing is stored', async () => {
    const a = await t.actor({ role: 'student' });
    for (const [i, [name, message]] of [...UNSHOWABLE_NAMES.map((name) => [name, NAME_CHARACTERS]), ['Sam\u0000x', NUL_REFUSED]].entries()) {
      const what = JSON.stringify(name);
      const viaAuth = await post(t, a, '/api/auth/update-user', { name });
      expect({ status: viaAuth.statusCode, message: (viaAuth.json() as { message?: string }).message }, what).toEqual({ status: 400, message });
      const viaOurs = await t.request(a, { method: 'PUT', url: '/api/user', ...json({ name }) });
      expect({ status: viaOurs.statusCode, message: (viaOurs.json() as { message?: string }).message }, what).toEqual({ status: 400, message });
      const email = `unshowable-${i}@example.com`;
      const signedUp = await signUp(t, email, { name });
      expect({ status: signedUp.statusCode, message: (signedUp.json() as { message?: string }).message }, what).toEqual({ status: 400, message });
      expect(await userRow(t, email), what).toBeUndefined();
    }
    expect((await userRow(t, a.user!.email))?.name).toBe(a.user!.name);
    // Said in the caller's language.
    const spanish = await t.request(null, { method: 'POST', url: '/api/auth/sign-up/email', remoteAddress: nextIp(), payload: JSON.stringify({ name: 'Sam\u0007', email: 'es-bell@example.com', password: PASSWORD }), headers: { 'content-type': 'application/json', 'accept-language': 'es' } });
    expect(spanish.statusCode).toBe(400);
    expect((spanish.json() as { fields?: Record<string, string> }).fields?.name).toBe('El nombre no puede contener caracteres de control ni marcas de dirección del texto');
    // Through the library directly (not our HTTP bridge): the same rule.
    for (const [i, name] of ['Sam\u202eevil', 'Sam\u0000x'].entries()) {
      await expect(t.deps.auth.api.signUpEmail({ body: { name, email: `direct-${i}@example.com`, password: PASSWORD } })).rejects.toThrow(/Name cannot contain/);
      expect(await userRow(t, `direct-${i}@example.com`)).toBeUndefined();
    }
    // Letters of any script, and the marks that join them, are names.
    for (const name of ['José Núñez', 'محمد علي', 'Zoë\u200dKay', '山田 太郎']) {
      expect((await post(t, a, '/api/auth/update-user', { name })).statusCode, name).toBe(200);
      expect((await userRow(t, a.user!.email))?.name).toBe(name);
    }
  });

  it('a name is capped as sent, before trimming: 400 kB of whitespace around "Sam" is refused by PUT /api/user and update-user', async () => {
    const a = await t.actor({ role: 'student' });
    const padded = `${' '.repeat(200_000)}Sam${'\t'.repeat(200_000)}`;
    const viaOurs = await t.request(a, { method: 'PUT', url: '/api/user', ...json({ name: padded }) });
    expect(viaOurs.statusCode, viaOurs.body).toBe(400);
    expect((viaOurs.json() as { fields?: object }).fields).toHaveProperty('name');
    expect((await post(t, a, '/api/auth/update-user', { name: padded })).statusCode).toBe(400);
    expect((await userRow(t, a.user!.email))?.name).toBe(a.user!.name);
  });

  it('a NUL in any text of a better-auth request is a 400, never a 500, and nothing is stored', async () => {
    const a = await t.actor({ role: 'student' });
    const nul = 'a\u0000b';
    const calls: Array<[Actor | null, string, Record<string, unknown>]> = [
      [null, '/api/auth/sign-up/email', { name: 'Nul Email', email: `nul${nul}@example.com`, password: PASSWORD }],
      [null, '/api/auth/sign-up/email', { name: 'Nul Password', email: 'nul.password@example.com', password: `plum kettle ${nul}` }],
      [null, '/api/auth/sign-up/email', { name: 'Nul Link', email: 'nul.link@example.com', password: PASSWORD, callbackURL: `/${nul}` }],
      [null, '/api/auth/sign-up/email', { name: 'Nul Photo', email: 'nul.photo@example.com', password: PASSWORD, image: `/api/uploads/${nul}.webp` }],
      [null, '/api/auth/sign-in/email', { email: `x${nul}@example.com`, password: PASSWORD }],
      [null, '/api/auth/sign-in/email', { email: a.user!.email, password: nul }],
      [null, '/api/auth/request-password-reset', { email: a.user!.email, redirectTo: `/reset${nul}` }],
      [null, '/api/auth/reset-password', { newPassword: PASSWORD, token: nul }],
      [a, '/api/auth/update-user', { image: `/api/uploads/${nul}.webp` }],
      [a, '/api/auth/change-email', { newEmail: `new${nul}@example.com` }],
      [a, '/api/auth/change-password', { currentPassword: nul, newPassword: PASSWORD }],
    ];
    for (const [who, url, body] of calls) {
      const res = await post(t, who, url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
    }
    for (const email of ['nul.password@example.com', 'nul.link@example.com', 'nul.photo@example.com']) expect(await userRow(t, email), email).toBeUndefined();
    const reset = await t.request(null, { method: 'GET', url: `/api/auth/reset-password/${encodeURIComponent(nul)}?callbackURL=%2Freset` });
    expect(reset.statusCode, reset.body).toBeLessThan(500);
  });
});

describe('a verification link never signs a browser in', () => {
  it("the victim opening the attacker's link stays signed out (or stays themselves); the attacker's address is verified", async () => {
    expect((await signUp(t, 'attacker@example.com')).statusCode).toBe(200);
    const link = await verificationLink(t, 'attacker@example.com');

    const signedOut = await t.request(null, { method: 'GET', url: link });
    expect(signedOut.statusCode).toBe(302);
    expect(sessionCookieSet(signedOut)).toBe(false);
    // The page it lands on says the address is verified and offers Log in (web/src: the login page).
    const landing = new URL(signedOut.headers.location!, TEST_ORIGIN);
    expect(landing.pathname).toBe('/login');
    expect(landing.searchParams.get('verified')).toBe('1');
    expect(Boolean((await userRow(t, 'attacker@example.com'))?.emailVerified)).toBe(true);

    const victim = await t.actor({ role: 'student' });
    const again = await t.request(victim, { method: 'GET', url: link });
    expect(sessionCookieSet(again)).toBe(false);
    expect((await me(t, victim)).email).toBe(victim.user!.email);
  });

  it("the account's own browser, signed in, sees its address verified and stays signed in as itself", async () => {
    expect((await signUp(t, 'owner@example.com')).statusCode).toBe(200);
    const owner = await signIn(t, 'owner@example.com');
    const res = await t.request(owner, { method: 'GET', url: await verificationLink(t, 'owner@example.com') });
    expect(res.statusCode).toBe(302);
    expect(await me(t, owner)).toMatchObject({ email: 'owner@example.com', status: 'Verified' });
  });

  it('a bad or used link never says verified', async () => {
    const res = await t.request(null, { method: 'GET', url: `/api/auth/verify-email?token=not-a-token&callbackURL=${encodeURIComponent('/login?verified=1')}` });
    expect(res.statusCode).toBe(302);
    expect(new URL(res.headers.location!, TEST_ORIGIN).searchParams.get('error')).toBeTruthy();
    expect(sessionCookieSet(res)).toBe(false);
  });
});
