import type { Config } from '#server/config.ts';
import { diskStorage } from './disk-storage.ts';
import type { FileStorage } from './file-storage.ts';
import { s3Storage } from './s3-storage.ts';

/** The storage that `config` names: the bucket when one is configured, else the data folder. */
export function fileStorage(config: Pick<Config, 'dataDir'> & { storage?: Config['storage'] }): FileStorage {
  return config.storage ? s3Storage(config.storage) : diskStorage(config.dataDir);
}
