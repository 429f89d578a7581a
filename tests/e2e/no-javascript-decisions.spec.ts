// The decisions on a session and a material's new file, with JavaScript turned off
// (docs/decisions/041-pages-loaders-actions.md): an admin's Approve and Reject and a tutor's
// Call off open their form in the page (a GET form of their own) with the dialog's texts, which
// posts to the page's route action; a material's new file goes as a multipart form to the
// page's action, which sends it on to the API. Each journey runs with no app at all. A done
// message is then the page's status line, drawn inside <noscript>: it is found by its role, as
// Playwright's text matching (getByText) never looks inside <noscript>.
import type { Browser, Page } from '@playwright/test';
import { createStudySession, type CreatedUser } from '#tests/factories.ts';
import { expect, type Server, test } from './fixtures';

const suffix = () => Date.now().toString(36) + Math.floor(Math.random() * 1000).toString(36);

function pdf(text: string): Buffer {
  return Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
}

/** A tab with JavaScript off, at a phone's width, signed in as `user` through the login form. */
async function withoutJavaScript(browser: Browser, server: Server, user: CreatedUser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled: false, timezoneId: 'UTC', viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(`${server.baseURL}/`);
  return { page, close: () => context.close() };
}

const statusOf = async (server: Server, id: string) => (await server.deps.db.kysely.selectFrom('study_session').select(['status', 'registrationFeeCents']).where('id', '=', id).executeTakeFirstOrThrow());

test('an admin leaves, then approves, and rejects pending sessions without JavaScript', async ({ browser, server, createUser }) => {
  const tutor = await createUser({ role: 'tutor' });
  const admin = await createUser({ role: 'admin' });
  const tag = suffix();
  const toApprove = await createStudySession(server.deps, tutor, { title: `Approve me ${tag}`, status: 'pending' });
  const toReject = await createStudySession(server.deps, tutor, { title: `Reject me ${tag}`, status: 'pending' });
  const { page, close } = await withoutJavaScript(browser, server, admin);
  try {
    await page.goto(`/dashboard/all-sessions?q=${tag}`);
    // Its Cancel is a link back to the list: nothing decided.
    await page.getByRole('button', { name: `Approve Approve me ${tag}` }).click();
    await page.getByTestId('session-decision').getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(`${server.baseURL}/dashboard/all-sessions?q=${tag}`);
    await expect(page.getByTestId('session-decision')).toHaveCount(0);
    expect((await statusOf(server, toApprove.id)).status).toBe('pending');

    await page.getByRole('button', { name: `Approve Approve me ${tag}` }).click();
    const approve = page.getByTestId('session-decision');
    await expect(approve.getByRole('heading', { name: 'Approve session' })).toBeVisible();
    await expect(approve).toContainText(`Approve me ${tag}`);
    await expect(approve.getByLabel('Free')).toBeChecked();
    await approve.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Session approved successfully' })).toBeVisible();
    // Back on the list as it was asked for (the search kept), without the decision.
    await expect(page).toHaveURL(`${server.baseURL}/dashboard/all-sessions?q=${tag}`);
    expect(await statusOf(server, toApprove.id)).toEqual({ status: 'approved', registrationFeeCents: 0 });

    await page.getByRole('button', { name: `Reject Reject me ${tag}` }).click();
    const reject = page.getByTestId('session-decision');
    await expect(reject.getByRole('heading', { name: 'Reject session' })).toBeVisible();
    await reject.getByLabel('Reason').fill('Overlaps another class');
    await reject.getByLabel('Feedback').fill('Please choose another week.');
    await reject.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Session rejected' })).toBeVisible();
    expect((await statusOf(server, toReject.id)).status).toBe('rejected');
  } finally {
    await close();
  }
});

test('a tutor replaces a material’s file and calls a class off without JavaScript', async ({ browser, server, createUser }) => {
  const tutor = await createUser({ role: 'tutor' });
  const session = await createStudySession(server.deps, tutor, { title: `Called off ${suffix()}` });
  const { page, close } = await withoutJavaScript(browser, server, tutor);
  try {
    const made = await page.request.post('/api/materials', {
      headers: { origin: server.baseURL },
      multipart: { sessionId: session.id, title: 'Week 2 notes', file: { name: 'week2.pdf', mimeType: 'application/pdf', buffer: pdf('first') } },
    });
    expect(made.status(), await made.text()).toBe(201);
    const { id } = (await made.json()) as { id: string };

    await page.goto('/dashboard/view-all-materials');
    await page.getByRole('button', { name: 'Edit Week 2 notes' }).click();
    const edit = page.getByRole('form', { name: 'Edit Week 2 notes' });
    const replacement = pdf('the replacement, a little longer than the first');
    await edit.getByLabel('File (leave empty to keep the current one)').setInputFiles({ name: 'week2-final.pdf', mimeType: 'application/pdf', buffer: replacement });
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Material updated successfully' })).toBeVisible();
    const row = await server.deps.db.kysely.selectFrom('material').select(['fileName', 'fileSize', 'mimeType']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ fileName: 'week2-final.pdf', fileSize: replacement.length, mimeType: 'application/pdf' });

    await page.goto(`/dashboard/session/${encodeURIComponent(tutor.email)}/${session.id}`);
    await page.getByRole('button', { name: 'Cancel session' }).click();
    const callOff = page.getByTestId('session-decision');
    await expect(callOff.getByRole('heading', { name: 'Call this class off' })).toBeVisible();
    await expect(callOff).toContainText('Every booked and waiting student is emailed the reason');
    await callOff.getByLabel('Reason').fill('The room is closed that day');
    await callOff.getByRole('button', { name: 'Call the class off' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Session cancelled' })).toBeVisible();
    expect((await statusOf(server, session.id)).status).toBe('cancelled');
  } finally {
    await close();
  }
});
