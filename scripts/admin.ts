// Admin CLI: `npm run admin -- promote <email>` makes an existing account an admin.
import { loadConfig } from '#server/config.ts';
import { createDb, migrateToLatest } from '#server/db/database.ts';
import { promoteToAdmin } from '#server/features/users/promote-admin.ts';

const [command, email] = process.argv.slice(2);
if (command !== 'promote' || !email) {
  console.error('Usage: npm run admin -- promote <email>');
  process.exit(2);
}
const config = loadConfig();
const db = createDb(config.database);
try {
  await migrateToLatest(db.kysely);
  if (await promoteToAdmin(db.kysely, email)) console.log(`${email} is now an admin.`);
  else {
    console.error(`No account has the email ${email}. Sign up first, then run this again.`);
    process.exitCode = 1;
  }
} finally {
  await db.destroy();
}
