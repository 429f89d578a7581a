// The language saved on an account (migration 0018, user.language): the only SQL of languages.
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { languageOrNull, type Language } from '#i18n/languages.ts';

export function accountLanguageRepository(db: Kysely<Database>) {
  return {
    /** The account's chosen language, or null (their browser's). */
    async languageOf(userId: string): Promise<Language | null> {
      const row = await db.selectFrom('user').select('language').where('id', '=', userId).executeTakeFirst();
      return languageOrNull(row?.language);
    },
    /** Saves (or, with null, forgets) the account's language. */
    async setLanguage(userId: string, language: Language | null): Promise<void> {
      await db.updateTable('user').set({ language }).where('id', '=', userId).execute();
    },
  };
}

export type AccountLanguageRepository = ReturnType<typeof accountLanguageRepository>;
