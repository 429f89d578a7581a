// Files in an S3-compatible bucket through the official AWS SDK v3: uploads are streamed in
// parts (@aws-sdk/lib-storage), downloads streamed through our routes after their permission
// check. The bucket stays private: nothing here makes an object public or presigns a URL.
// The SDK is loaded on first use, like sharp and pg: a process on disk storage never pays for it.
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '#server/config.ts';
import { assertKey, type FileStorage, type StoredObject } from './file-storage.ts';

const isNotFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

export function s3Storage(settings: S3Settings): FileStorage {
  const keyOf = (key: string) => {
    assertKey(key);
    return `${settings.prefix}${key}`;
  };
  let loaded: Promise<{ client: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> | null = null;
  const sdk = () => (loaded ??= import('@aws-sdk/client-s3').then((s3) => ({
    sdk: s3,
    client: new s3.S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      // Without keys the SDK's own chain applies (AWS_* variables, an instance or task role).
      credentials: settings.credentials,
      // Checksums only where S3 requires them: several S3-compatible servers refuse the SDK's
      // default CRC32 trailers on streamed uploads.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
  })));

  return {
    description: `s3 (bucket ${settings.bucket}${settings.prefix ? `, prefix ${settings.prefix}` : ''}${settings.endpoint ? ` at ${settings.endpoint}` : ''})`,

    async put(key, body, options) {
      const { client } = await sdk();
      const { Upload } = await import('@aws-sdk/lib-storage');
      await new Upload({ client, params: { Bucket: settings.bucket, Key: keyOf(key), Body: body, ContentType: options.contentType }, queueSize: 2 }).done();
    },

    async get(key, range) {
      const { client, sdk: s3 } = await sdk();
      try {
        const answer = await client.send(new s3.GetObjectCommand({ Bucket: settings.bucket, Key: keyOf(key), ...(range && { Range: `bytes=${range.start}-${range.end}` }) }));
        // A ranged answer's ContentLength is the range's; the whole size is after the slash of ContentRange.
        const whole = range ? Number(/\/(\d+)$/.exec(answer.ContentRange ?? '')?.[1]) : answer.ContentLength;
        return { stream: answer.Body as Readable, size: whole ?? 0, modifiedAt: answer.LastModified ?? new Date(0), etag: answer.ETag ?? '""' };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async stat(key) {
      const { client, sdk: s3 } = await sdk();
      try {
        const head = await client.send(new s3.HeadObjectCommand({ Bucket: settings.bucket, Key: keyOf(key) }));
        return { key, size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0), etag: head.ETag ?? '""' };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async *list(prefix) {
      const { client, sdk: s3 } = await sdk();
      const pages = s3.paginateListObjectsV2({ client }, { Bucket: settings.bucket, Prefix: `${settings.prefix}${prefix}` });
      for await (const page of pages) {
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          const found: StoredObject = { key: object.Key.slice(settings.prefix.length), size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0), etag: object.ETag ?? '""' };
          yield found;
        }
      }
    },

    async remove(key) {
      const { client, sdk: s3 } = await sdk();
      await client.send(new s3.DeleteObjectCommand({ Bucket: settings.bucket, Key: keyOf(key) }));
    },
  };
}
