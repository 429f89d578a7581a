// The catalogues (i18n/locales: the web app's; i18n/server-locales: the server's error
// messages, emails and .ics texts) hold exactly the messages the code uses, in every language, and
// each is a valid ICU message.
import fs from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { CATALOGUES, SERVER_CATALOGUES } from '#i18n/catalogues.ts';
import { chooseLanguage, languageFromAcceptLanguage, LANGUAGES, type Language } from '#i18n/languages.ts';
import { createTranslator } from '#i18n/translator.ts';

const LOCALES = path.resolve('i18n/locales');
/** The web app's code; the server speaks from its own catalogues (below). */
const CODE_FOLDERS = ['web/src', 'i18n', 'contract'];
const SERVER_LOCALES = path.resolve('i18n/server-locales');

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(path.resolve(folder), { recursive: true, withFileTypes: true }).flatMap((entry) =>
    entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path.join(entry.parentPath, entry.name)] : [],
  );
}

/** Every message key in a catalogue, as `nav.home`. */
function keysOf(node: unknown, prefix = ''): string[] {
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

/** Keys the code asks for: `t('nav.home')`, `t("nav.home", …)` (a key always has a namespace). */
function usedKeys(): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of CODE_FOLDERS.flatMap(sourceFiles)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\bt\(\s*['"]([A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)+)['"]/g)) used.set(match[1]!, path.relative(process.cwd(), file));
  }
  return used;
}

/**
 * The checks every set of catalogues passes (`kind`: "catalogue" or "server catalogue", kept in
 * `folder`, asked for by `user`, the keys `used` names): one file per language, no key missing
 * or unused, the English keys everywhere, each a valid ICU message.
 */
function catalogueChecks(set: { kind: string; user: string; english: string; folder: string; catalogues: Record<Language, unknown>; used: () => Map<string, string> }) {
  const { kind, user, folder, catalogues, used: usedKeysOf } = set;
  const where = path.relative(process.cwd(), folder);
  const reference = keysOf(catalogues.en).sort();

  it(`has one ${kind} file per language offered, and no other`, () => {
    const files = fs.readdirSync(folder).filter((name) => name.endsWith('.json')).map((name) => name.replace(/\.json$/, '')).sort();
    expect(files).toEqual(LANGUAGES.map((language) => language.code).sort());
  });

  it(`every key ${user} uses is in every ${kind}`, () => {
    for (const { code } of LANGUAGES) {
      const keys = new Set(keysOf(catalogues[code]));
      const missing = [...usedKeysOf()].filter(([key]) => !keys.has(key)).map(([key, file]) => `${key} (${file})`);
      expect(missing, `missing from ${where}/${code}.json`).toEqual([]);
    }
  });

  it(`no ${kind} has a key ${user} does not use`, () => {
    const used = usedKeysOf();
    for (const { code } of LANGUAGES) {
      expect(keysOf(catalogues[code]).filter((key) => !used.has(key)), `unused in ${where}/${code}.json`).toEqual([]);
    }
  });

  it(`every ${kind} has exactly the ${set.english} keys, each a valid ICU message`, () => {
    for (const { code } of LANGUAGES) {
      expect(keysOf(catalogues[code]).sort(), code).toEqual(reference);
      for (const key of reference) {
        const message = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogues[code]);
        expect(() => new IntlMessageFormat(message as string, code), `${code}: ${key}`).not.toThrow();
      }
    }
  });
}

describe('catalogues', () => {
  catalogueChecks({ kind: 'catalogue', user: 'the code', english: 'English catalogue’s', folder: LOCALES, catalogues: CATALOGUES, used: usedKeys });

  it('fills arguments in the language’s own way', () => {
    expect(createTranslator('en', CATALOGUES.en).t('footer.rights', { year: 2030 })).toBe('© 2030 StudyNest. All rights reserved.');
    expect(createTranslator('es', CATALOGUES.es).t('footer.rights', { year: 2030 })).toBe('© 2030 StudyNest. Todos los derechos reservados.');
  });
});

/**
 * Keys the server's code names: every string literal whose first part is a section of the server
 * catalogue ('errors.bookings.full', 'email.reminder.subject'): an AppError's key, a `t(…)`, a map's
 * value, and the contract's schemas' own refusals ('errors.input.titleRequired'), which only the server says.
 */
function usedServerKeys(): Map<string, string> {
  const sections = Object.keys(SERVER_CATALOGUES.en).join('|');
  const literal = new RegExp(`['"\`]((?:${sections})(?:\\.[A-Za-z0-9_]+)+)['"\`]`, 'g');
  const used = new Map<string, string>();
  for (const file of [...sourceFiles('server'), ...sourceFiles('contract')]) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(literal)) used.set(match[1]!, path.relative(process.cwd(), file));
  }
  return used;
}

describe('server catalogues', () => {
  catalogueChecks({ kind: 'server catalogue', user: 'the server', english: 'English one’s', folder: SERVER_LOCALES, catalogues: SERVER_CATALOGUES, used: usedServerKeys });

  it('the browser never loads a server catalogue: they are outside i18n/locales', () => {
    const webLoader = fs.readFileSync('web/src/lib/i18n.ts', 'utf8');
    expect(webLoader).not.toMatch(/server-locales/);
    expect(fs.readdirSync(LOCALES).filter((name) => !name.endsWith('.json'))).toEqual([]);
  });
});

describe('choosing a language', () => {
  it('takes the best acceptable of Accept-Language, by quality then order, a region matching its language', () => {
    expect(languageFromAcceptLanguage('es-MX,es;q=0.9,en;q=0.8')).toBe('es');
    expect(languageFromAcceptLanguage('fr-FR, en;q=0.5, es;q=0.7')).toBe('es');
    expect(languageFromAcceptLanguage('fr, de;q=0.9')).toBeNull();
    expect(languageFromAcceptLanguage('es;q=0, en')).toBe('en');
  });

  it('prefers the account’s setting, then the footer’s cookie, then the browser’s, else English', () => {
    expect(chooseLanguage({ account: 'es', cookieHeader: 'lang=en', acceptLanguage: 'en' })).toBe('es');
    expect(chooseLanguage({ cookieHeader: 'tz=UTC; lang=es', acceptLanguage: 'en' })).toBe('es');
    expect(chooseLanguage({ cookieHeader: 'lang=xx', acceptLanguage: 'es-ES' })).toBe('es');
    expect(chooseLanguage({ acceptLanguage: 'de' })).toBe('en');
  });
});
