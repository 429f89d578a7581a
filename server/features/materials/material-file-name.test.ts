import { describe, expect, it } from 'vitest';
import { cleanFileName, contentDisposition } from './material-file-name.ts';

describe('cleanFileName', () => {
  it.each([
    ['report.pdf.html', 'application/pdf', 'report.pdf'],
    ['report.pdf', 'application/pdf', 'report.pdf'],
    ['Report.Pdf', 'application/pdf', 'Report.Pdf'],
    ['photo.jpeg', 'image/jpeg', 'photo.jpeg'],
    ['photo.png', 'image/jpeg', 'photo.jpg'],
    ['diagram.pdf', 'image/png', 'diagram.png'],
    ['C:\\Users\\me\\notes.docx', 'application/pdf', 'notes.pdf'],
    ['../../etc/passwd', 'application/pdf', 'passwd.pdf'],
    ['', 'image/webp', 'material.webp'],
    ['..', 'application/pdf', 'material.pdf'],
    ['.pdf', 'application/pdf', 'material.pdf'],
    ['x.pdf...   ', 'application/pdf', 'x.pdf'],
    ['a\u202Efdp.exe', 'application/pdf', 'afdp.pdf'],
    ['\u2067abc\u2069.pdf', 'application/pdf', 'abc.pdf'],
    ['bad\uD800.pdf', 'application/pdf', 'bad\uFFFD.pdf'],
  ])('%j as %s → %j', (name, type, expected) => {
    expect(cleanFileName(name, type)).toBe(expected);
  });

  it('bounds the length and keeps the extension, never splitting a character', () => {
    const long = cleanFileName(`${'😀'.repeat(300)}.pdf`, 'application/pdf');
    expect([...long].length).toBeLessThanOrEqual(200);
    expect(long.endsWith('😀.pdf')).toBe(true);
    expect(cleanFileName(long, 'application/pdf')).toBe(long);
  });

  it('is idempotent', () => {
    for (const name of ['report.pdf.html', 'a b.tar.gz', '\u202E.html', 'x']) {
      const once = cleanFileName(name, 'application/pdf');
      expect(cleanFileName(once, 'application/pdf')).toBe(once);
    }
  });
});

describe('contentDisposition', () => {
  it('quotes a printable-ASCII fallback and percent-encodes the exact name', () => {
    expect(contentDisposition('Résumé; "v2" 100%.pdf')).toBe(`attachment; filename="R_sum__ _v2_ 100_.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%3B%20%22v2%22%20100%25.pdf`);
    expect(contentDisposition('a\r\nb\\.pdf')).toBe(`attachment; filename="a__b_.pdf"; filename*=UTF-8''a%0D%0Ab%5C.pdf`);
  });
});
