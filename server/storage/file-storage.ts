// Where uploaded files live (docs/decisions/025-object-storage.md): photos, material files and
// prepared data archives, each under a key such as `uploads/<name>.webp`, `materials/<id>` or
// `exports/<user>.<token>.zip`. On the data folder's disk by default (the key is the path under
// DATA_DIR), or in an S3-compatible bucket when S3_URL or S3_BUCKET is set. Never public either
// way: a file reaches a browser only through a route that has checked who asks.
import type { Readable } from 'node:stream';

export interface StoredObject {
  key: string;
  size: number;
  /** When the object was last written (disk: its mtime; S3: LastModified). */
  modifiedAt: Date;
  /** A strong validator of the bytes (disk: size and mtime; S3: the object's own ETag), quoted. */
  etag: string;
}

/** Bytes `start` to `end` of an object, both included (an HTTP byte range, RFC 9110 §14.1.2). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface OpenedObject {
  /** The object's bytes, or only those of the range asked for. */
  stream: Readable;
  /** The whole object's size, whatever the range. */
  size: number;
  modifiedAt: Date;
  etag: string;
}

/** One object as a download needs it: its validators first, then its bytes (all or a range). */
export interface DownloadableFile {
  stat(): Promise<StoredObject | null>;
  open(range?: ByteRange): Promise<OpenedObject | null>;
}

/** `key` of `files` as a download. */
export const downloadable = (files: FileStorage, key: string): DownloadableFile => ({
  stat: () => files.stat(key),
  open: (range) => files.get(key, range),
});

export interface FileStorage {
  /** `disk (/data)` or `s3 (bucket …)`, for logs and the move command. */
  readonly description: string;
  /** Creates or replaces the object; a stream is sent as it is read (S3: in parts of 5 MB). */
  put(key: string, body: Buffer | Readable, options: { contentType: string }): Promise<void>;
  /** The object's bytes (or those of `range`, which must lie within it) as a stream, or null when there is none. */
  get(key: string, range?: ByteRange): Promise<OpenedObject | null>;
  stat(key: string): Promise<StoredObject | null>;
  /** Every object whose key starts with `prefix` (e.g. `uploads/`). */
  list(prefix: string): AsyncIterable<StoredObject>;
  /** Idempotent: an object already gone is fine. */
  remove(key: string): Promise<void>;
}

/** The prefixes the app writes under; what `npm run storage` and backups move and copy. */
export const STORAGE_PREFIXES = ['uploads/', 'materials/', 'exports/'] as const;

// `<folder>/<name>`: one level, names of our own making (random ids), never a user's text.
const KEY = /^[a-z]+\/[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export function assertKey(key: string): void {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
}
