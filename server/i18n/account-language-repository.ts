// The language saved on an account (migration 0018, user.language) and its time zone (migration
// 0026, user.timeZone), which its emails are written in: the only SQL of languages.
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { idList } from '#server/db/id-list.ts';
import { prepare } from '#server/db/prepared.ts';
import { languageOrNull, type Language } from '#i18n/languages.ts';
import { timeZoneOrNull } from '#contract/time-zone.ts';
import { translatorForAccount, type ServerTranslator } from './translate.ts';

// Prepared (decision 030).
const languageOfUser = prepare((db, p: { userId: string }) => db.selectFrom('user').select('language').where('id', '=', p.userId));
const readerOfUser = prepare((db, p: { userId: string }) => db.selectFrom('user').select(['language', 'timeZone']).where('id', '=', p.userId));
/** Several users' at once: the ids are one JSON array. */
const languagesOfUsers = prepare((db, p: { userIds: string }) => db.selectFrom('user').select(['id', 'language']).where('id', 'in', idList(db, p.userIds)));
const saveLanguage = prepare((db, p: { userId: string; language: Language | null }) => db.updateTable('user').set({ language: p.language }).where('id', '=', p.userId));

export function accountLanguageRepository(db: Kysely<Database>) {
  return {
    /** The account's chosen language, or null (their browser's). */
    async languageOf(userId: string): Promise<Language | null> {
      const row = (await languageOfUser(db, { userId })).rows[0];
      return languageOrNull(row?.language);
    },
    /** The account's language and time zone, each null when none is kept (decision 054). */
    async readerSettingsOf(userId: string): Promise<{ language: Language | null; timeZone: string | null }> {
      const row = (await readerOfUser(db, { userId })).rows[0];
      return { language: languageOrNull(row?.language), timeZone: timeZoneOrNull(row?.timeZone) };
    },
    /** The texts of an email to this user: in their account's language, else English. */
    async translatorOf(userId: string): Promise<ServerTranslator> {
      const row = (await languageOfUser(db, { userId })).rows[0];
      return translatorForAccount(row?.language);
    },
    /** The same for several recipients at once (one query): unknown ids get English. */
    async translatorsOf(userIds: readonly string[]): Promise<(userId: string) => ServerTranslator> {
      const rows = userIds.length === 0 ? [] : (await languagesOfUsers(db, { userIds: JSON.stringify([...new Set(userIds)]) })).rows;
      const languages = new Map(rows.map((row) => [row.id, row.language]));
      return (userId) => translatorForAccount(languages.get(userId));
    },
    /** Saves (or, with null, forgets) the account's language. */
    async setLanguage(userId: string, language: Language | null): Promise<void> {
      await saveLanguage(db, { userId, language });
    },
  };
}

export type AccountLanguageRepository = ReturnType<typeof accountLanguageRepository>;
