// Never edit this file once landed: add a new migration instead.
import { sql, type Kysely } from 'kysely';
import { isPostgres, authTimestamp, authBoolean } from './dialect-columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = authTimestamp(db);
  const bool = authBoolean(db);

  await db.schema
    .createTable('user')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('emailVerified', bool, (c) => c.notNull().defaultTo(sql`false`))
    .addColumn('image', 'text')
    .addColumn('createdAt', ts, (c) => c.notNull())
    .addColumn('updatedAt', ts, (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('student'))
    .addColumn('blocked', bool, (c) => c.notNull().defaultTo(sql`false`))
    .addColumn('lastSeen', ts)
    .execute();
  await db.schema.createIndex('user_role_name_idx').on('user').columns(['role', 'name']).execute();
  await db.schema.createIndex('user_name_idx').on('user').columns(['name', 'id']).execute();

  await db.schema
    .createTable('session')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('expiresAt', ts, (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('createdAt', ts, (c) => c.notNull())
    .addColumn('updatedAt', ts, (c) => c.notNull())
    .addColumn('ipAddress', 'text')
    .addColumn('userAgent', 'text')
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('session_user_idx').on('session').column('userId').execute();

  await db.schema
    .createTable('account')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('accountId', 'text', (c) => c.notNull())
    .addColumn('providerId', 'text', (c) => c.notNull())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('accessToken', 'text')
    .addColumn('refreshToken', 'text')
    .addColumn('idToken', 'text')
    .addColumn('accessTokenExpiresAt', ts)
    .addColumn('refreshTokenExpiresAt', ts)
    .addColumn('scope', 'text')
    .addColumn('password', 'text')
    .addColumn('createdAt', ts, (c) => c.notNull())
    .addColumn('updatedAt', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('account_user_idx').on('account').column('userId').execute();

  await db.schema
    .createTable('verification')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expiresAt', ts, (c) => c.notNull())
    .addColumn('createdAt', ts, (c) => c.notNull())
    .addColumn('updatedAt', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('verification_identifier_idx').on('verification').column('identifier').execute();

  await db.schema
    .createTable('rateLimit')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('lastRequest', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('study_session')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('tutorId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('tutorName', 'text', (c) => c.notNull())
    .addColumn('tutorEmail', 'text', (c) => c.notNull())
    .addColumn('registrationStartDate', 'text', (c) => c.notNull())
    .addColumn('registrationEndDate', 'text', (c) => c.notNull())
    .addColumn('classStartDate', 'text', (c) => c.notNull())
    .addColumn('classEndDate', 'text', (c) => c.notNull())
    .addColumn('durationMinutes', 'integer', (c) => c.notNull())
    .addColumn('registrationFeeCents', 'integer', (c) => c.notNull().defaultTo(0).check(sql`"registrationFeeCents" >= 0`))
    .addColumn('maxParticipants', 'integer', (c) => c.check(sql`"maxParticipants" is null or "maxParticipants" > 0`))
    .addColumn('cancellationCutoffHours', 'integer', (c) => c.notNull().defaultTo(24))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('rejectionReason', 'text')
    .addColumn('rejectionFeedback', 'text')
    // The database itself refuses overbooking: see docs/decisions/003-capacity-guard.md
    .addColumn('bookedCount', 'integer', (c) =>
      c.notNull().defaultTo(0).check(sql`"bookedCount" >= 0 and ("maxParticipants" is null or "bookedCount" <= "maxParticipants")`),
    )
    .addColumn('ratingSum', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ratingCount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
  // Keyset pagination of the public list: newest approved first.
  await db.schema.createIndex('study_session_status_created_idx').on('study_session').columns(['status', 'createdAt', 'id']).execute();
  await db.schema.createIndex('study_session_tutor_idx').on('study_session').columns(['tutorId', 'createdAt', 'id']).execute();

  await db.schema
    .createTable('booking')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sessionId', 'text', (c) => c.notNull().references('study_session.id').onDelete('cascade'))
    .addColumn('studentId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('studentEmail', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('confirmed'))
    .addColumn('amountCents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('holdExpiresAt', 'text')
    .addColumn('paymentRef', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addUniqueConstraint('booking_session_student_uq', ['sessionId', 'studentId'])
    .execute();
  await db.schema.createIndex('booking_student_idx').on('booking').columns(['studentId', 'createdAt', 'id']).execute();

  await db.schema
    .createTable('waitlist_entry')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sessionId', 'text', (c) => c.notNull().references('study_session.id').onDelete('cascade'))
    .addColumn('studentId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addUniqueConstraint('waitlist_session_student_uq', ['sessionId', 'studentId'])
    .execute();
  await db.schema.createIndex('waitlist_session_idx').on('waitlist_entry').columns(['sessionId', 'createdAt', 'id']).execute();

  await db.schema
    .createTable('review')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sessionId', 'text', (c) => c.notNull().references('study_session.id').onDelete('cascade'))
    .addColumn('studentId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('studentName', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql`"rating" between 1 and 5`))
    .addColumn('review', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .addUniqueConstraint('review_session_student_uq', ['sessionId', 'studentId'])
    .execute();
  await db.schema.createIndex('review_session_idx').on('review').columns(['sessionId', 'createdAt', 'id']).execute();

  await db.schema
    .createTable('note')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('studentId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('note_student_idx').on('note').columns(['studentId', 'updatedAt', 'id']).execute();

  await db.schema
    .createTable('material')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sessionId', 'text', (c) => c.notNull().references('study_session.id').onDelete('cascade'))
    .addColumn('tutorId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('fileKey', 'text')
    .addColumn('fileName', 'text')
    .addColumn('mimeType', 'text')
    .addColumn('fileSize', 'integer')
    .addColumn('link', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('material_session_idx').on('material').columns(['sessionId', 'createdAt', 'id']).execute();
  await db.schema.createIndex('material_tutor_idx').on('material').columns(['tutorId', 'createdAt', 'id']).execute();

  void isPostgres;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['material', 'note', 'review', 'waitlist_entry', 'booking', 'study_session', 'rateLimit', 'verification', 'account', 'session', 'user']) {
    await db.schema.dropTable(t).execute();
  }
}
