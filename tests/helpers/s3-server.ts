// A local S3-compatible server for tests (s3rver, in this process, on a free port of 127.0.0.1):
// the app talks to it through the real AWS SDK, as it would to a bucket in production.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface LocalS3 {
  /** S3_URL for the app: `http://KEY:SECRET@127.0.0.1:<port>/<bucket>`. */
  url: string;
  bucket: string;
  /** Keys of every object in the bucket, sorted. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

export async function startLocalS3(bucket = 'studynest-test'): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'studynest-s3-'));
  // s3rver's own default credentials; it checks the signature of every signed request.
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const url = `http://S3RVER:S3RVER@127.0.0.1:${port}/${bucket}`;
  return {
    url,
    bucket,
    async keys() {
      const { S3Client, paginateListObjectsV2 } = await import('@aws-sdk/client-s3');
      const client = new S3Client({ endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
      const keys: string[] = [];
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket })) for (const o of page.Contents ?? []) keys.push(o.Key!);
      client.destroy();
      return keys.sort();
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
