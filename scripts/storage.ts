// `npm run storage -- to-s3|to-disk [--keep]`: moves the uploaded files (photos, material
// files, prepared data archives) between the data folder and the bucket of S3_URL / S3_BUCKET.
// Run it with StudyNest stopped (or expect the files being moved to be missing for a moment),
// then start StudyNest with (to-s3) or without (to-disk) the S3 variables. See the README.
import { loadConfig } from '#server/config.ts';
import { diskStorage } from '#server/storage/disk-storage.ts';
import { s3Storage } from '#server/storage/s3-storage.ts';
import { moveFiles } from '#server/storage/move-files.ts';

const args = process.argv.slice(2);
const direction = args[0];
const keepSource = args.includes('--keep');
if ((direction !== 'to-s3' && direction !== 'to-disk') || args.some((a, i) => i > 0 && a !== '--keep')) {
  console.error('Usage: npm run storage -- to-s3|to-disk [--keep]   (with DATA_DIR and S3_URL or S3_BUCKET… set; --keep leaves the source files)');
  process.exit(2);
}
// Nothing is signed: a dummy secret keeps loadConfig from creating one in the data folder.
const config = loadConfig({ ...process.env, AUTH_SECRET: 'unused-by-the-storage-command-0000000000' });
if (!config.storage) {
  console.error('Set S3_URL (or S3_BUCKET with S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY): the bucket to move the files to or from.');
  process.exit(2);
}
const disk = diskStorage(config.dataDir);
const bucket = s3Storage(config.storage);
const [from, to] = direction === 'to-s3' ? [disk, bucket] : [bucket, disk];
console.log(`Moving files from ${from.description} to ${to.description}${keepSource ? ' (keeping the source)' : ''}…`);
const { moved, bytes } = await moveFiles(from, to, { keepSource });
console.log(`${keepSource ? 'Copied' : 'Moved'} ${moved} file(s), ${(bytes / 1024 / 1024).toFixed(1)} MB. Start StudyNest ${direction === 'to-s3' ? 'with' : 'without'} the S3 variables.`);
