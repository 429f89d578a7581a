// The account side in Spanish: register, Personal Details, Settings and log in, each
// page saying the same words when the server draws it and once the app has taken it over (the
// fixture also fails on a hydration mismatch). And the photo field's rule.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test, expectPopup } from './fixtures';
import { pngPhoto } from './png-photo';

/** The text of `path`'s <main> as the server draws it: a tab without JavaScript, with `from`'s cookies and language. */
async function serverDrawnText(browser: Browser, from: BrowserContext, baseURL: string, path: string): Promise<string> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, timezoneId: 'UTC', locale: 'es-ES' });
  try {
    await context.addCookies(await from.cookies());
    const page = await context.newPage();
    await page.goto(path);
    return await page.locator('main').innerText();
  } finally {
    await context.close();
  }
}

/** The page's <main> once the app has it: the same words as the server drew. */
async function expectSameWordsAsServer(page: Page, browser: Browser, baseURL: string) {
  const path = new URL(page.url()).pathname;
  expect(await page.locator('main').innerText(), path).toBe(await serverDrawnText(browser, page.context(), baseURL, path));
}

test.describe('in Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('registers as a tutor, reads Personal Details and Settings, and logs in again, all in Spanish', async ({ page, browser, server }) => {
    // Five pages, three of them drawn again in a second browser to compare with the server's words:
    // it ran past a minute on the 2-core CI machine beside the API suites.
    test.slow();
    const email = `ana-${Date.now()}@example.com`;
    await page.goto('/register');
    await expect(page).toHaveTitle('StudyNest | Registro');
    await expect(page.getByRole('heading', { level: 1, name: 'Crea tu cuenta' })).toBeVisible();
    await expect(page.getByText('PNG, JPEG, WebP, GIF o AVIF, de hasta 2 MB.')).toBeVisible();
    await expect(page.getByText('Selecciona una imagen')).toBeVisible();
    await expect(page.getByText('De 8 a 128 caracteres.')).toBeVisible();
    await expectSameWordsAsServer(page, browser, server.baseURL);

    await page.getByLabel('Nombre completo').fill('Ana Torres');
    await page.getByLabel('Correo electrónico', { exact: true }).fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill('caballo-correcto-1');
    await page.getByLabel('Rol').selectOption({ label: 'Tutor' });
    await page.getByLabel('Foto').setInputFiles({ name: 'ana.png', mimeType: 'image/png', buffer: pngPhoto() });
    await expect(page.getByRole('img', { name: 'Vista previa de ana.png' })).toBeVisible();
    await page.getByRole('button', { name: 'Registrarme' }).click();
    await expectPopup(page, 'Registro completado');
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/dashboard');
    await expect(page).toHaveTitle('StudyNest | Panel');
    await expect(page.getByRole('heading', { level: 1, name: 'Datos personales' })).toBeVisible();
    await expect(page.locator('main dl')).toContainText('Rol');
    await expect(page.getByTestId('details-status')).toHaveText('Sin verificar');
    await expect(page.getByRole('img', { name: 'Foto de Ana Torres' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reenviar el correo de verificación' })).toBeVisible();
    await expectSameWordsAsServer(page, browser, server.baseURL);

    await page.goto('/dashboard/settings');
    for (const name of ['Perfil', 'Tu perfil de tutor', 'Contraseña', 'Idioma', 'Notificaciones por correo', 'Suscripción de calendario', 'Mis datos']) {
      await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Guardar perfil' })).toBeVisible();
    await expect(page.getByLabel('Nuevas reservas')).toBeChecked();
    await expect(page.getByRole('button', { name: 'Eliminar mi cuenta' })).toBeVisible();
    await expectSameWordsAsServer(page, browser, server.baseURL);

    // Signed out, a wrong password, then the right one.
    await page.context().clearCookies({ name: /session/ });
    await page.goto('/login');
    await page.getByLabel('Correo electrónico', { exact: true }).fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill('no-es-esta-1');
    await page.getByRole('main').getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    const refused = page.getByRole('dialog', { name: 'No se pudo iniciar sesión' });
    await refused.getByRole('button', { name: 'Aceptar' }).click();
    await page.getByLabel('Contraseña', { exact: true }).fill('caballo-correcto-1');
    await page.getByRole('main').getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    await expectPopup(page, 'Sesión iniciada');
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByRole('button', { name: 'Menú de la cuenta' })).toBeVisible();
  });

  test('a used or expired reset link says so in Spanish, the same before and after the app', async ({ page, browser, server }) => {
    await page.goto('/reset-password?token=no-such-token');
    await expect(page).toHaveTitle('StudyNest | Restablecer contraseña');
    await expect(page.getByText('Este enlace para restablecer la contraseña ha caducado o ya se usó')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Pedir un enlace nuevo' })).toBeVisible();
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe('Elige una contraseña nueva para tu cuenta de StudyNest.');
    await expectSameWordsAsServer(page, browser, server.baseURL);
  });
});

test.describe('the photo field', () => {
  test('says which files it takes, and refuses on choosing a file that starts like a PNG but is no picture', async ({ page }) => {
    await page.goto('/register');
    const field = page.getByLabel('Photo');
    await expect(field).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp,image/gif,image/avif');
    const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await field.setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.concat([pngSignature, Buffer.from('and then no picture at all')]) });
    await expect(page.getByRole('alert').filter({ hasText: 'broken.png is not an image we can use.' })).toBeVisible();
    expect(await field.evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);

    // A real picture is kept, with its preview.
    await field.setInputFiles({ name: 'real.png', mimeType: 'image/png', buffer: pngPhoto() });
    await expect(page.getByRole('img', { name: 'Preview of real.png' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
