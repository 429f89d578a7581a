// A tutor uploads office documents on a 375 px phone, in English and Spanish: a .docx, a .pptx
// and an .odp are taken (the server reads their zip container, not their names), each upload says
// "Material uploaded successfully" instead of only emptying the form, and a file named .docx that
// is no document is refused with the server's reason.
import { buffer } from 'node:stream/consumers';
import { zipStream } from '#server/features/my-data/zip-archive.ts';
import { createStudySession } from '#tests/factories.ts';
import { expect, test, expectPopup } from './fixtures';

const suffix = () => Date.now().toString(36) + Math.floor(Math.random() * 1000).toString(36);

const entry = (name: string, text: string, compress = true) => ({ name, compress, open: async () => Buffer.from(text) });
const openXml = (dir: string, mime: string) =>
  buffer(zipStream([entry('[Content_Types].xml', `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${dir}/main.xml" ContentType="${mime}.main+xml"/></Types>`), entry(`${dir}/main.xml`, '<main/>')], new Date()));
const openDocument = (mime: string) => buffer(zipStream([entry('mimetype', mime, false), entry('content.xml', '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"/>')], new Date()));

const FILES = [
  { name: 'handout.docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', bytes: () => openXml('word', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document') },
  { name: 'slides.pptx', mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', bytes: () => openXml('ppt', 'application/vnd.openxmlformats-officedocument.presentationml.presentation') },
  { name: 'slides.odp', mime: 'application/vnd.oasis.opendocument.presentation', bytes: () => openDocument('application/vnd.oasis.opendocument.presentation') },
];

for (const [locale, words] of [
  ['en-US', { session: 'Session', title: 'Title', file: 'File', upload: 'Upload Material', uploaded: 'Material uploaded successfully', refused: 'The file must be an image (PNG, JPEG, WebP, GIF or AVIF), a PDF or an office document (Word, PowerPoint, Excel or OpenDocument).' }],
  ['es-ES', { session: 'Sesión', title: 'Título', file: 'Archivo', upload: 'Subir material', uploaded: 'Material subido correctamente', refused: 'OpenDocument' }],
] as const) {
  test.describe(`on a 375 px phone (${locale})`, () => {
    test.use({ viewport: { width: 375, height: 800 }, locale });

    test('a .docx, a .pptx and an .odp are uploaded, each said so; a text file named .docx is refused', async ({ page, server, createUser, loginAs }) => {
      const tutor = await createUser({ role: 'tutor' });
      const sessionTitle = `Office ${suffix()}`;
      const session = await createStudySession(server.deps, tutor, { title: sessionTitle });
      await loginAs(page, tutor);
      await page.goto('/dashboard/upload-materials');
      for (const file of FILES) {
        await page.getByLabel(words.session, { exact: true }).selectOption({ label: sessionTitle });
        await page.getByLabel(words.title, { exact: true }).fill(`Material ${file.name}`);
        await page.getByLabel(words.file, { exact: true }).setInputFiles({ name: file.name, mimeType: file.mime, buffer: await file.bytes() });
        await page.getByRole('button', { name: words.upload }).click();
        await expectPopup(page, words.uploaded);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        // The form is empty again for the next one.
        await expect(page.getByLabel(words.title, { exact: true })).toHaveValue('');
        await expect(page.getByText(words.uploaded)).toHaveCount(0, { timeout: 15_000 });
      }
      const stored = await server.deps.db.kysely.selectFrom('material').select(['title', 'mimeType']).where('sessionId', '=', session.id).orderBy('title').execute();
      expect(stored).toEqual(FILES.map((file) => ({ title: `Material ${file.name}`, mimeType: file.mime })).sort((a, b) => a.title.localeCompare(b.title)));

      await page.getByLabel(words.session, { exact: true }).selectOption({ label: sessionTitle });
      await page.getByLabel(words.title, { exact: true }).fill('Not a document');
      await page.getByLabel(words.file, { exact: true }).setInputFiles({ name: 'fake.docx', mimeType: FILES[0]!.mime, buffer: Buffer.from('just text') });
      await page.getByRole('button', { name: words.upload }).click();
      await expect(page.getByRole('dialog')).toContainText(words.refused);
    });
  });
}
