// The only SQL of notification settings: a row per optional notification a user turned off.
import type { Kysely } from 'kysely';
import type { NotificationKind } from '#contract/notifications.ts';
import type { Database } from '#server/db/schema.ts';

export function notificationRepository(db: Kysely<Database>) {
  return {
    async kindsOff(userId: string): Promise<NotificationKind[]> {
      const rows = await db.selectFrom('notification_opt_out').select('kind').where('userId', '=', userId).execute();
      return rows.map((row) => row.kind as NotificationKind);
    },

    /** Which of `userIds` turned `kind` off. */
    async usersWithKindOff(userIds: readonly string[], kind: NotificationKind): Promise<Set<string>> {
      if (userIds.length === 0) return new Set();
      const rows = await db.selectFrom('notification_opt_out').select('userId').where('kind', '=', kind).where('userId', 'in', [...new Set(userIds)]).execute();
      return new Set(rows.map((row) => row.userId));
    },

    async turnOff(userId: string, kinds: readonly NotificationKind[], now: string): Promise<void> {
      if (kinds.length === 0) return;
      await db
        .insertInto('notification_opt_out')
        .values(kinds.map((kind) => ({ userId, kind, createdAt: now })))
        .onConflict((oc) => oc.columns(['userId', 'kind']).doNothing())
        .execute();
    },

    async turnOn(userId: string, kinds: readonly NotificationKind[]): Promise<void> {
      if (kinds.length === 0) return;
      await db.deleteFrom('notification_opt_out').where('userId', '=', userId).where('kind', 'in', [...kinds]).execute();
    },

    async userExists(userId: string): Promise<boolean> {
      return (await db.selectFrom('user').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
    },
  };
}
