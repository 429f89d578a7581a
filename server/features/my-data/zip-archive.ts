// A ZIP file (PKWARE APPNOTE 6.3, no ZIP64) written as a stream: "Download my data" as one file,
// the JSON and the account's uploaded files. Text is deflated; images and PDFs, already
// compressed, are stored as they are. Files are never held whole in memory (decision 038).
import { Readable } from 'node:stream';
import zlib from 'node:zlib';

/** DOS date and time of `at` (local fields as UTC: archives carry no zone). */
function dosDateTime(at: Date): { time: number; date: number } {
  const time = (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2);
  const date = ((Math.max(at.getUTCFullYear(), 1980) - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate();
  return { time, date };
}

/** An entry of a streamed ZIP: its bytes are read only when the archive reaches it. */
export interface StreamedZipEntry {
  name: string;
  compress: boolean;
  /** The entry's bytes; null skips it (a file gone meanwhile). */
  open(): Promise<Readable | Buffer | null>;
}

/**
 * The same ZIP as a stream: each entry is read, checksummed and (deflated and) written chunk by
 * chunk, its CRC and sizes in a data descriptor after it (general purpose bit 3), so memory stays
 * a few chunks per download whatever the files' size. Entries are read one after the other.
 */
export function zipStream(entries: StreamedZipEntry[], at: Date): Readable {
  const { time, date } = dosDateTime(at);
  async function* build(): AsyncGenerator<Buffer> {
    const centrals: Buffer[] = [];
    let offset = 0;
    let count = 0;
    for (const entry of entries) {
      const source = await entry.open();
      if (!source) continue;
      const name = Buffer.from(entry.name, 'utf8');
      const method = entry.compress ? 8 : 0;
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(0x0808, 6); // UTF-8 names; CRC and sizes in the data descriptor
      local.writeUInt16LE(method, 8);
      local.writeUInt16LE(time, 10);
      local.writeUInt16LE(date, 12);
      local.writeUInt16LE(name.length, 26);
      yield local;
      yield name;
      let crc = 0;
      let size = 0;
      let written = 0;
      const input = Buffer.isBuffer(source) ? Readable.from([source]) : source;
      const counted = async function* () {
        for await (const chunk of input) {
          const bytes = chunk as Buffer;
          crc = zlib.crc32(bytes, crc);
          size += bytes.length;
          yield bytes;
        }
      };
      const data = entry.compress ? Readable.from(counted()).pipe(zlib.createDeflateRaw()) : Readable.from(counted());
      for await (const chunk of data) {
        written += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(crc, 4);
      descriptor.writeUInt32LE(written, 8);
      descriptor.writeUInt32LE(size, 12);
      yield descriptor;
      const central = Buffer.alloc(46);
      central.writeUInt32LE(0x02014b50, 0);
      central.writeUInt16LE(20, 4);
      central.writeUInt16LE(20, 6);
      central.writeUInt16LE(0x0808, 8);
      central.writeUInt16LE(method, 10);
      central.writeUInt16LE(time, 12);
      central.writeUInt16LE(date, 14);
      central.writeUInt32LE(crc, 16);
      central.writeUInt32LE(written, 20);
      central.writeUInt32LE(size, 24);
      central.writeUInt16LE(name.length, 28);
      central.writeUInt32LE(offset, 42);
      centrals.push(central, name);
      offset += local.length + name.length + written + descriptor.length;
      count++;
    }
    const directory = Buffer.concat(centrals);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(count, 8);
    end.writeUInt16LE(count, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(offset, 16);
    yield directory;
    yield end;
  }
  return Readable.from(build());
}

/** The entries of a ZIP this module wrote (tests, and anyone checking an export), by name. */
export function readZipArchive(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a ZIP file: no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const out = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('broken central directory');
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const localAt = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataAt = localAt + 30 + zip.readUInt16LE(localAt + 26) + zip.readUInt16LE(localAt + 28);
    const raw = zip.subarray(dataAt, dataAt + size);
    const bytes = method === 8 ? zlib.inflateRawSync(raw) : Buffer.from(raw);
    if (zlib.crc32(bytes) !== crc) throw new Error(`CRC mismatch in ${name}`);
    out.set(name, bytes);
    at += 46 + nameLength + extra + comment;
  }
  return out;
}
