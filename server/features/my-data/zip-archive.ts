// A ZIP file (PKWARE APPNOTE 6.3, no ZIP64) built in memory: "Download my data" as one file, the
// JSON and the account's uploaded files (issue 23). Text is deflated; images and PDFs, already
// compressed, are stored as they are. Entries are few and bounded (a photo, a tutor's materials).
import zlib from 'node:zlib';

export interface ZipEntry {
  /** Path inside the archive, `/`-separated, UTF-8. */
  name: string;
  bytes: Buffer;
  /** Deflate it (text); false stores it as it is (already compressed formats). */
  compress: boolean;
}

/** DOS date and time of `at` (local fields as UTC: archives carry no zone). */
function dosDateTime(at: Date): { time: number; date: number } {
  const time = (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2);
  const date = ((Math.max(at.getUTCFullYear(), 1980) - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate();
  return { time, date };
}

export function zipArchive(entries: ZipEntry[], at: Date): Buffer {
  const { time, date } = dosDateTime(at);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = entry.compress ? zlib.deflateRawSync(entry.bytes) : entry.bytes;
    const method = entry.compress ? 8 : 0;
    const crc = zlib.crc32(entry.bytes);
    /** The fields the local header (from byte 6) and the central directory's (from byte 8) share. */
    const shared = (header: Buffer, at: number) => {
      header.writeUInt16LE(0x0800, at); // names are UTF-8
      header.writeUInt16LE(method, at + 2);
      header.writeUInt16LE(time, at + 4);
      header.writeUInt16LE(date, at + 6);
      header.writeUInt32LE(crc, at + 8);
      header.writeUInt32LE(data.length, at + 12);
      header.writeUInt32LE(entry.bytes.length, at + 16);
      header.writeUInt16LE(name.length, at + 20);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0
    shared(local, 6);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by: 2.0
    central.writeUInt16LE(20, 6);
    shared(central, 8);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
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
