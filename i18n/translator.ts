// Messages in ICU MessageFormat (plurals, `{name}` arguments, numbers and dates through Intl),
// formatted by FormatJS's intl-messageformat: the same code on the server and in the browser.
// docs/decisions/027-languages.md (why not i18next: the home page's JavaScript budget).
import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import type en from './locales/en.json';
import type { Language } from './languages.ts';

/** A catalogue's shape: the reference (English) one's; every other must match it. */
export type Catalogue = typeof en;

/** `"nav.home"` for `{ nav: { home: "…" } }`: every message's key. */
export type KeysOf<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : KeysOf<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type MessageKey = KeysOf<Catalogue>;
export type MessageValues = Record<string, PrimitiveType>;

/** `Key`: the keys of its catalogue (the web app's `MessageKey`, the server's `ServerMessageKey`). */
export interface Translator<Key extends string = MessageKey> {
  readonly language: Language;
  /** The message `key` in this language, its `{arguments}` filled in from `values`. */
  t(key: Key, values?: MessageValues): string;
}

/** A translator for `language` over its catalogue; a message is parsed on its first use, then kept. */
export function createTranslator<C extends object = Catalogue>(language: Language, catalogue: C): Translator<KeysOf<C>> {
  const formats = new Map<string, IntlMessageFormat>();
  const lookup = (key: string): string => {
    let node: unknown = catalogue;
    for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    // A missing message shows its key: visible, never a crash (tests/api/catalogues.test.ts keeps them complete).
    return typeof node === 'string' ? node : key;
  };
  return {
    language,
    t(key, values) {
      let format = formats.get(key);
      if (!format) {
        format = new IntlMessageFormat(lookup(key), language);
        formats.set(key, format);
      }
      return String(format.format(values));
    },
  };
}
