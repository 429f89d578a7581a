// A fee is written in the installation's currency (CURRENCY, GET /api/config), the page's language's way.
import { expect, it } from 'vitest';
import { CATALOGUES } from '#i18n/catalogues.ts';
import { createTranslator } from '#i18n/translator.ts';
import { sessionTextFor } from './session-text.ts';

const inLanguage = (language: 'en' | 'es', currency: string) => sessionTextFor(createTranslator(language, CATALOGUES[language]), currency);

it('writes fees in dollars by default, as before', () => {
  expect(inLanguage('en', 'USD').feeText(15)).toBe('$15');
  expect(inLanguage('en', 'USD').feeText(12.5)).toBe('$12.50');
  expect(inLanguage('en', 'USD').feeText(0)).toBe('Free');
});

it('writes fees in euros where the installation charges euros', () => {
  expect(inLanguage('en', 'EUR').feeText(12.5)).toBe('€12.50');
  expect(inLanguage('es', 'EUR').feeText(12.5)).toBe('12,50\u00a0€');
  expect(inLanguage('en', 'EUR').feeText(15)).not.toContain('$');
});
