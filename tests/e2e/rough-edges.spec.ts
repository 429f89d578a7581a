// Issue 17's rough edges (items 5, 10, 13), each as a user meets them.
import type { Locator } from '@playwright/test';
import { createBooking, createStudySession } from '#tests/factories.ts';
import { expect, test } from './fixtures';

/** WCAG contrast ratio of a control's text against its own background. */
async function contrastOf(control: Locator): Promise<number> {
  return control.evaluate((element) => {
    const style = getComputedStyle(element);
    // Computed colours may be oklch(…): a canvas turns any CSS colour into sRGB bytes.
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const paint = canvas.getContext('2d', { willReadFrequently: true })!;
    const channels = (css: string) => {
      paint.clearRect(0, 0, 1, 1);
      paint.fillStyle = css;
      paint.fillRect(0, 0, 1, 1);
      return [...paint.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    };
    const luminance = (css: string) => {
      const [r, g, b] = channels(css).map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const [a, b] = [luminance(style.color), luminance(style.backgroundColor)].sort((x, y) => y - x);
    return (a! + 0.05) / (b! + 0.05);
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`Join waitlist is on brand (like Book now) and readable, contrast at least 4.5:1 (${colorScheme})`, async ({ browser, server, createUser, loginAs }) => {
    const context = await browser.newContext({ baseURL: server.baseURL, colorScheme });
    const page = await context.newPage();
    const tutor = await createUser({ role: 'tutor' });
    const full = await createStudySession(server.deps, tutor, { maxParticipants: 1 });
    await createBooking(server.deps, full, await createUser({ role: 'student' }));
    const open = await createStudySession(server.deps, tutor);
    await loginAs(page, await createUser({ role: 'student' }));
    await page.goto(`/session/${open.id}`);
    const bookNow = page.getByRole('button', { name: 'Book now' });
    const brand = await bookNow.evaluate((element) => getComputedStyle(element).backgroundColor);
    await page.goto(`/session/${full.id}`);
    const join = page.getByRole('button', { name: 'Join waitlist' });
    await expect(join).toBeVisible();
    expect(await join.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(brand);
    expect(await contrastOf(join)).toBeGreaterThanOrEqual(4.5);
    await context.close();
  });
}

test('"Last seen" reads the same in the page the server drew and once the app runs', async ({ page, createUser, loginAs }) => {
  const admin = await createUser({ role: 'admin' });
  const seen = await createUser({ role: 'student', name: `Seen ${Date.now().toString(36)}` });
  await loginAs(page, seen);
  await page.context().clearCookies();
  await loginAs(page, admin);
  const url = `/dashboard/all-users?q=${encodeURIComponent(seen.name)}`;
  await page.goto(url);
  const row = page.getByText(/^Last seen /).first();
  const inBrowser = (await row.innerText()).trim();
  const drawn = (await (await page.request.get(url)).text()).replaceAll('<!-- -->', '');
  expect(drawn).toContain(inBrowser);
  expect(inBrowser).toMatch(/^Last seen on \w{3} \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} \(your time\)$/);
});

test('Delete buttons look the same on every list (outlined)', async ({ page, server, createUser, loginAs }) => {
  const tutor = await createUser({ role: 'tutor' });
  const session = await createStudySession(server.deps, tutor, { status: 'pending', title: `Delete me ${Date.now().toString(36)}` });
  await loginAs(page, tutor);
  await page.goto('/dashboard/manage-sessions');
  const style = (button: Locator) => button.evaluate((element) => `${getComputedStyle(element).backgroundColor} ${getComputedStyle(element).borderColor}`);
  const tutors = await style(page.getByRole('button', { name: `Delete ${session.title}` }));
  await page.context().clearCookies();
  await loginAs(page, await createUser({ role: 'admin' }));
  await page.goto(`/dashboard/all-sessions?q=${encodeURIComponent(session.title)}`);
  expect(await style(page.getByRole('button', { name: `Delete ${session.title}` }))).toBe(tutors);
});
