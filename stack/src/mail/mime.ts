/**
 * Just enough RFC 5322 / MIME for the mail catcher: headers (unfolded, RFC 2047 encoded words),
 * a single part or a multipart tree, and base64 / quoted-printable bodies. What GoTrue-style
 * senders (and the local stack's own mailer) produce: text/plain and text/html alternatives.
 */

export interface ParsedMail {
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
}

function splitHeadBody(raw: string): { head: string; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  if (at < 0) return { head: raw, body: '' };
  const gap = raw.slice(at).match(/^\r?\n\r?\n/)?.[0].length ?? 2;
  return { head: raw.slice(0, at), body: raw.slice(at + gap) };
}

export function parseHeaders(head: string): Record<string, string> {
  const headers: Record<string, string> = {};
  // A line starting with white space continues the previous header (folding).
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** =?utf-8?B?...?= and =?utf-8?Q?...?= words in a header. */
export function decodeEncodedWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g, (_, _charset: string, kind: string, data: string) => {
    if (kind.toUpperCase() === 'B') return Buffer.from(data, 'base64').toString('utf8');
    const bytes = data.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => `%${hex}`);
    try {
      return decodeURIComponent(bytes);
    } catch {
      return bytes;
    }
  });
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable': {
      const joined = body.replace(/=\r?\n/g, '');
      const bytes: number[] = [];
      for (let i = 0; i < joined.length; i += 1) {
        const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
        if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
          bytes.push(parseInt(hex, 16));
          i += 2;
        } else {
          bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
        }
      }
      return Buffer.from(bytes).toString('utf8');
    }
    default:
      return body;
  }
}

function boundaryOf(contentType: string): string | undefined {
  return /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
}

function collectParts(raw: string, out: { text: string; html: string }): void {
  const { head, body } = splitHeadBody(raw);
  const headers = parseHeaders(head);
  const type = (headers['content-type'] ?? 'text/plain').toLowerCase();
  const boundary = type.startsWith('multipart/') ? boundaryOf(headers['content-type'] ?? '') : undefined;
  if (boundary) {
    // The text before the first delimiter is a preamble and after `--boundary--` an epilogue: skip both.
    const sections = `\n${body}`.split(`\n--${boundary}`);
    for (const section of sections.slice(1)) {
      if (section.startsWith('--')) break;
      collectParts(section.replace(/^[ \t]*\n/, ''), out);
    }
    return;
  }
  const decoded = decodeBody(body, headers['content-transfer-encoding']);
  if (type.startsWith('text/html')) out.html ||= decoded;
  else if (type.startsWith('text/plain')) out.text ||= decoded;
}

/** Line ends are read as LF throughout: SMTP sends CRLF, files and tests often LF. */
export function parseMail(message: string): ParsedMail {
  const raw = message.replace(/\r\n/g, '\n');
  const { head } = splitHeadBody(raw);
  const headers = parseHeaders(head);
  const parts = { text: '', html: '' };
  collectParts(raw, parts);
  return { headers, subject: decodeEncodedWords(headers.subject ?? ''), ...parts };
}
