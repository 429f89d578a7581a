// `npm run restore -- <backup folder>`: restores a backup made by `npm run backup` into the empty
// data folder of DATA_DIR (and the empty database of DATABASE_URL); refuses a folder in use.
import { BackupError, restoreData } from '#server/backup/backup.ts';
import { loadBackupConfig } from './backup-config.ts';

const args = process.argv.slice(2);
if (args.length !== 1 || args[0]!.startsWith('-')) {
  console.error('Usage: npm run restore -- <backup folder>   (into an empty DATA_DIR)');
  process.exit(2);
}
const config = loadBackupConfig();
try {
  const { manifest, dataDir } = await restoreData(config, args[0]!);
  console.log(`Restored the ${manifest.database} database and ${manifest.files} file(s) of ${manifest.createdAt} into ${dataDir}. Start StudyNest on it.`);
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(`Restore refused: ${error.message}`);
  process.exitCode = 1;
}
