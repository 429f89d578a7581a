// The only SQL of notification settings: a row per optional notification a user turned off.
import type { Kysely } from 'kysely';
import type { NotificationKind } from '#contract/notifications.ts';
import { idList } from '#server/db/id-list.ts';
import { prepare } from '#server/db/prepared.ts';
import type { Database } from '#server/db/schema.ts';

const kindsOffOf = prepare((db, p: { userId: string }) => db.selectFrom('notification_opt_out').select('kind').where('userId', '=', p.userId));
/** Whether one user turned `kind` off: the check made as each optional email is sent. */
const kindOffFor = prepare((db, p: { userId: string; kind: NotificationKind }) =>
  db.selectFrom('notification_opt_out').select('userId').where('userId', '=', p.userId).where('kind', '=', p.kind),
);
/** Turning a kind off twice keeps the first row. */
const insertOptOut = prepare((db, p: { userId: string; kind: NotificationKind; now: string }) =>
  db
    .insertInto('notification_opt_out')
    .values({ userId: p.userId, kind: p.kind, createdAt: p.now })
    .onConflict((oc) => oc.columns(['userId', 'kind']).doNothing()),
);
const deleteOptOut = prepare((db, p: { userId: string; kind: NotificationKind }) =>
  db.deleteFrom('notification_opt_out').where('userId', '=', p.userId).where('kind', '=', p.kind),
);
/** Which of these users turned `kind` off (a batch of class reminders): the ids are one JSON array. */
const kindOffForAny = prepare((db, p: { userIds: string; kind: NotificationKind }) =>
  db.selectFrom('notification_opt_out').select('userId').where('userId', 'in', idList(db, p.userIds)).where('kind', '=', p.kind),
);
const userById = prepare((db, p: { id: string }) => db.selectFrom('user').select('id').where('id', '=', p.id));

export function notificationRepository(db: Kysely<Database>) {
  return {
    async kindsOff(userId: string): Promise<NotificationKind[]> {
      const { rows } = await kindsOffOf(db, { userId });
      return rows.map((row) => row.kind as NotificationKind);
    },

    /** Which of `userIds` turned `kind` off. */
    async usersWithKindOff(userIds: readonly string[], kind: NotificationKind): Promise<Set<string>> {
      const ids = [...new Set(userIds)];
      if (ids.length === 0) return new Set();
      const { rows } = ids.length === 1 ? await kindOffFor(db, { userId: ids[0]!, kind }) : await kindOffForAny(db, { userIds: JSON.stringify(ids), kind });
      return new Set(rows.map((row) => row.userId));
    },

    /** One statement per kind: there are two kinds (contract/notifications.ts), and each write is idempotent. */
    async turnOff(userId: string, kinds: readonly NotificationKind[], now: string): Promise<void> {
      for (const kind of new Set(kinds)) await insertOptOut(db, { userId, kind, now });
    },

    async turnOn(userId: string, kinds: readonly NotificationKind[]): Promise<void> {
      for (const kind of new Set(kinds)) await deleteOptOut(db, { userId, kind });
    },

    async userExists(userId: string): Promise<boolean> {
      return (await userById(db, { id: userId })).rows.length > 0;
    },
  };
}
