// The configuration backup and restore need: where the data folder, database and files are.
import { loadConfig, type Config } from '#server/config.ts';

export function loadBackupConfig(): Pick<Config, 'dataDir' | 'database' | 'storage'> {
  // Neither signs anything, and without AUTH_SECRET loadConfig would create the secret file in
  // the data folder, which restore needs empty (the backup brings the original secret back).
  const { dataDir, database, storage } = loadConfig({ ...process.env, AUTH_SECRET: 'unused-by-backup-and-restore-000000000' });
  return { dataDir, database, storage };
}
