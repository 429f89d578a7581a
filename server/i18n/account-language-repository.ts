// The language saved on an account (migration 0018, user.language): the only SQL of languages.
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { languageOrNull, type Language } from '#i18n/languages.ts';
import { translatorForAccount, type ServerTranslator } from './translate.ts';

export function accountLanguageRepository(db: Kysely<Database>) {
  return {
    /** The account's chosen language, or null (their browser's). */
    async languageOf(userId: string): Promise<Language | null> {
      const row = await db.selectFrom('user').select('language').where('id', '=', userId).executeTakeFirst();
      return languageOrNull(row?.language);
    },
    /** The texts of an email to this user: in their account's language, else English. */
    async translatorOf(userId: string): Promise<ServerTranslator> {
      const row = await db.selectFrom('user').select('language').where('id', '=', userId).executeTakeFirst();
      return translatorForAccount(row?.language);
    },
    /** The same for several recipients at once (one query): unknown ids get English. */
    async translatorsOf(userIds: readonly string[]): Promise<(userId: string) => ServerTranslator> {
      const rows = userIds.length === 0 ? [] : await db.selectFrom('user').select(['id', 'language']).where('id', 'in', [...new Set(userIds)]).execute();
      const languages = new Map(rows.map((row) => [row.id, row.language]));
      return (userId) => translatorForAccount(languages.get(userId));
    },
    /** Saves (or, with null, forgets) the account's language. */
    async setLanguage(userId: string, language: Language | null): Promise<void> {
      await db.updateTable('user').set({ language }).where('id', '=', userId).execute();
    },
  };
}

export type AccountLanguageRepository = ReturnType<typeof accountLanguageRepository>;
