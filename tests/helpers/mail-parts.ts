// A captured email read as a mail client reads it: its MIME parts walked, each decoded
// (quoted-printable, base64), its headers unfolded.
import type { CapturedMail } from './smtp-capture.ts';

export interface MimePart {
  headers: Record<string, string>;
  body: string;
}

/** The headers of a MIME entity, unfolded, names lower-cased. */
function headersOf(head: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function decoded(body: string, encoding: string | undefined): string {
  if (encoding?.toLowerCase() === 'quoted-printable') {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  if (encoding?.toLowerCase() === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The message's top headers and its leaf parts (multipart bodies walked), each decoded. */
export function parseMail(raw: string): { headers: Record<string, string>; parts: MimePart[] } {
  const split = (entity: string) => {
    const at = entity.indexOf('\r\n\r\n');
    return { headers: headersOf(entity.slice(0, at)), body: entity.slice(at + 4) };
  };
  const leaves = (entity: { headers: Record<string, string>; body: string }): MimePart[] => {
    const boundary = /boundary="?([^";]+)"?/i.exec(entity.headers['content-type'] ?? '')?.[1];
    if (!boundary) return [{ headers: entity.headers, body: decoded(entity.body, entity.headers['content-transfer-encoding']) }];
    return entity.body
      .split(`--${boundary}`)
      .slice(1, -1)
      .flatMap((part) => leaves(split(part.replace(/^\r\n/, ''))));
  };
  const top = split(raw);
  return { headers: top.headers, parts: leaves(top) };
}

/** The decoded leaf parts of a captured email whose Content-Type starts with `type` ("text/plain", "text/calendar"). */
export function partsOf(mail: CapturedMail, type: string): MimePart[] {
  return parseMail(mail.raw).parts.filter((p) => (p.headers['content-type'] ?? '').startsWith(type));
}
