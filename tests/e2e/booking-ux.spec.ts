// Issue 17's rough edges, each as a user meets them.
import { createStudySession } from '#tests/factories.ts';
import { expect, test } from './fixtures';

test("Booked Sessions with nothing booked says so in words, with a link to browse (not the page's code)", async ({ page, createUser, loginAs }) => {
  const student = await createUser({ role: 'student' });
  await loginAs(page, student);
  await page.goto('/dashboard/view-booked-session');
  await expect(page.getByText('You have not booked any session yet.')).toBeVisible();
  await expect(page.getByText('<Link')).toHaveCount(0);
  await page.getByRole('link', { name: 'Browse sessions' }).click();
  await expect(page).toHaveURL(/\/all-sessions$/);
});

for (const role of ['tutor', 'admin'] as const) {
  test(`a session's page shows no Book now to a${role === 'admin' ? 'n' : ''} ${role}`, async ({ page, server, createUser, loginAs }) => {
    const tutor = await createUser({ role: 'tutor' });
    const viewer = role === 'tutor' ? tutor : await createUser({ role });
    const session = await createStudySession(server.deps, tutor);
    await loginAs(page, viewer);
    await page.goto(`/session/${session.id}`);
    await expect(page.getByText('Only students can book sessions.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Book now' })).toHaveCount(0);
  });
}

test('on a phone the dashboard menu button reads "Menu"', async ({ page, createUser, loginAs }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await loginAs(page, await createUser({ role: 'student' }));
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Booked Sessions' })).toBeVisible();
});
