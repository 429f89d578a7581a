// A launch from a learning platform, in a phone-sized browser: the platform's course page (a
// mock platform on another site, with its own key pair and JWKS) starts the login, its
// authorization page posts the signed id_token back as a real platform's auto-submitted form
// does, and the student lands on the session the link names, signed in.
// docs/decisions/062-lti-tool.md.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { newId } from '#server/ids.ts';
import { createStudySession } from '#tests/factories.ts';
import { expect, test } from './fixtures';

test.use({ viewport: { width: 375, height: 812 } });

const ISSUER = 'https://moodle.school.example';
const CLIENT_ID = 'studynest-e2e';
const DEPLOYMENT = 'deployment-1';
const CLAIM = 'https://purl.imsglobal.org/spec/lti/claim/';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

test('a Learner launched from a course lands on the session signed in', async ({ page, server }) => {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const tutor = await server.deps.auth.api.signUpEmail({ body: { name: 'Tess Tutor', email: `tess-${Date.now()}@example.com`, password: 'a-long-password-1' } });
  const session = await createStudySession(server.deps, { id: tutor.user.id, name: 'Tess Tutor', email: tutor.user.email }, { title: 'Photosynthesis review' });
  let target = '';

  const platform = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://platform.local');
    const html = (body: string) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Course</title></head>${body}</html>`);
    if (url.pathname === '/jwks') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
    if (url.pathname === '/course') {
      // The course's link: the platform's third-party-initiated login to the tool.
      return html(`<body><form method="post" action="${server.baseURL}/api/lti/login">
        <input type="hidden" name="iss" value="${ISSUER}"><input type="hidden" name="login_hint" value="learner-1">
        <input type="hidden" name="client_id" value="${CLIENT_ID}"><input type="hidden" name="lti_deployment_id" value="${DEPLOYMENT}">
        <input type="hidden" name="target_link_uri" value="${escape(target)}"><button>Open Photosynthesis review</button></form></body>`);
    }
    if (url.pathname === '/auth') {
      const now = Math.floor(Date.now() / 1000);
      void new SignJWT({
        iss: ISSUER,
        aud: CLIENT_ID,
        sub: 'moodle-learner-1',
        name: 'Lina Learner',
        email: 'lina.learner@school.example',
        nonce: url.searchParams.get('nonce'),
        iat: now,
        exp: now + 300,
        [`${CLAIM}deployment_id`]: DEPLOYMENT,
        [`${CLAIM}message_type`]: 'LtiResourceLinkRequest',
        [`${CLAIM}version`]: '1.3.0',
        [`${CLAIM}roles`]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
        [`${CLAIM}resource_link`]: { id: 'link-1' },
        [`${CLAIM}target_link_uri`]: target,
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .sign(privateKey as CryptoKey)
        .then((idToken) =>
          html(`<body onload="document.forms[0].submit()"><form method="post" action="${escape(url.searchParams.get('redirect_uri') ?? '')}">
            <input type="hidden" name="id_token" value="${idToken}"><input type="hidden" name="state" value="${escape(url.searchParams.get('state') ?? '')}"></form></body>`),
        );
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => platform.listen(0, '127.0.0.1', resolve));
  // Another site than StudyNest's (127.0.0.1): the launch is a cross-site form post, as from a real platform.
  const platformOrigin = `http://localhost:${(platform.address() as AddressInfo).port}`;
  try {
    target = `${server.baseURL}/session/${session.id}`;
    await server.deps.db.kysely
      .insertInto('lti_platform')
      .values({ id: newId(), name: 'School Moodle', issuer: ISSUER, clientId: CLIENT_ID, deploymentIds: DEPLOYMENT, authUrl: `${platformOrigin}/auth`, tokenUrl: `${platformOrigin}/token`, jwksUrl: `${platformOrigin}/jwks`, servicesUrl: null, createdAt: new Date().toISOString() })
      .execute();

    // The platform's page is not StudyNest's: a tab of the same browser, without the fixture's wait for the app.
    const course = await page.context().newPage();
    await course.goto(`${platformOrigin}/course`);
    await course.getByRole('button', { name: 'Open Photosynthesis review' }).click();
    await course.waitForURL(`${server.baseURL}/session/${session.id}`);
    await page.goto(`${server.baseURL}/session/${session.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Photosynthesis review' })).toBeVisible();
    // Signed in: the account menu, no Log In.
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log In' })).toHaveCount(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    const me = await page.request.get(`${server.baseURL}/api/me`);
    expect(await me.json()).toMatchObject({ name: 'Lina Learner', email: 'lina.learner@school.example', role: 'student' });
  } finally {
    await new Promise((resolve) => platform.close(resolve));
  }
});
