import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords.ts';

describe('isCommonPassword', () => {
  it('finds the list’s passwords whatever their case, and nothing else', () => {
    for (const common of ['password', 'password1', 'PassWord1', 'qwerty', '123456', 'dragon', 'baseball']) expect(isCommonPassword(common), common).toBe(true);
    for (const other of ['correct horse battery staple 42', 'a brand new passphrase 42', '', 'password\npassword1', '\npassword\n', 'pass word1']) {
      expect(isCommonPassword(other), JSON.stringify(other)).toBe(false);
    }
  });

  it('keeps none of the package’s modules loaded', () => {
    const require = createRequire(import.meta.url);
    const dir = require.resolve('@zxcvbn-ts/language-common').replace(/index\.cjs$/, '');
    expect(Object.keys(require.cache).filter((file) => file.startsWith(dir))).toEqual([]);
  });
});
