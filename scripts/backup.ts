// `npm run backup [-- <folder>]`: a dated backup of the running StudyNest's database and data
// files under <folder> (default: $DATA_DIR/../backups). See server/backup/backup.ts.
import { backupData, BackupError, defaultBackupRoot } from '#server/backup/backup.ts';
import { loadBackupConfig } from './backup-config.ts';

const args = process.argv.slice(2);
if (args.length > 1 || args[0]?.startsWith('-')) {
  console.error('Usage: npm run backup [-- <folder>]   (default: $DATA_DIR/../backups)');
  process.exit(2);
}
const config = loadBackupConfig();
try {
  const { dir, manifest } = await backupData(config, args[0] ?? defaultBackupRoot(config));
  console.log(`Backed up the ${manifest.database} database and ${manifest.files} file(s) to ${dir}`);
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(`Backup failed: ${error.message}`);
  process.exitCode = 1;
}
