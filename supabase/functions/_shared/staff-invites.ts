// Inviting workers by email (issue 30): which addresses can be invited, how a pasted list becomes
// addresses, and where the emailed link lands. The one definition of these rules: the invite-workers
// function checks every address with them, and the dashboard imports this same file
// (shared/lib/staff-invites.ts) to show what it found before sending, so the two cannot disagree.
// The database's staff_invites_email_format check is the same address rule. Pure and
// dependency-free, so that both Deno and Vite take it.

/** Addresses one call may invite (the database's private.staff_invite_batch_limit()). */
export const MAX_INVITES_PER_CALL = 50;

/** The longest name kept with an address (staff_invites_name_length). */
export const MAX_INVITE_NAME_LENGTH = 100;

/** CareCover Staff's page that the emailed link opens: it sets the password and accepts. */
export const ACCEPT_INVITE_PATH = '/accept-invite';

// GoTrue's address rule (checkmail), on a lower-cased address, with a dot in the domain: an address
// on a bare host name is a typo far more often than a real mailbox.
const EMAIL_FORMAT =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** An address as it is stored and compared: trimmed and lower-cased. */
export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/** Whether a normalised address can be invited. */
export function isInvitableEmail(email: string): boolean {
  return email.length <= 254 && EMAIL_FORMAT.test(email);
}

/** A pasted name made safe to keep: no control characters, single spaces, at most 100 characters. */
export function cleanInviteName(raw: string | null | undefined): string | undefined {
  if (typeof raw !== 'string') return undefined;
  // deno-lint-ignore no-control-regex
  const name = raw
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return name === '' ? undefined : name.slice(0, MAX_INVITE_NAME_LENGTH).trim();
}

/** "Nora Jean Smith" → first name "Nora", last name "Jean Smith": what a staff profile holds. */
export function splitInviteName(name: string | undefined): { firstName: string; lastName: string } {
  const [first = '', ...rest] = (name ?? '').split(' ').filter(Boolean);
  return { firstName: first, lastName: rest.join(' ') };
}

export interface Invitee {
  /** Normalised. */
  email: string;
  name?: string;
}

export interface ParsedInviteList {
  /** Valid addresses, each once, in the order first pasted. */
  invitees: Invitee[];
  /** What was pasted as an address but is not one, as typed, each once. */
  invalid: string[];
  /** Valid addresses pasted more than once (counted beyond their first time). */
  duplicates: number;
}

// `Name <address>` and `"Last, First" <address>`, as mail programs copy them.
const NAMED_ADDRESS = /(?:"([^"]*)"|([^<>,;\t"]*?))\s*<([^<>]*)>/g;
const CELL_SEPARATOR = /[,;\t]/;
// A spreadsheet cell that reads as (part of) a name: letters, no digits, no dot.
const NAME_LIKE = /^[^\d.@]*\p{L}[^\d.@]*$/u;

function stripWrapping(cell: string): string {
  return cell
    .replace(/^mailto:/i, '')
    .replace(/^["'<(\[]+|["'>)\]]+$/g, '')
    .trim();
}

/**
 * The addresses in text pasted from a spreadsheet or a mail program: separated by new lines,
 * commas, semicolons or tabs, bare or as `Name <address>`. In a row with one address, the cells
 * that read as a name (a spreadsheet's name columns) become its name; other cells without an @ are
 * ignored in a spreadsheet row (tab-separated: phone numbers, headers) and reported as invalid
 * otherwise, unless they read as a name.
 */
export function parseInviteList(text: string): ParsedInviteList {
  // Everything found, in the order it was pasted: addresses (checked below) and cells already known
  // not to be one.
  const found: ({ raw: string; name?: string } | { notAnAddress: string })[] = [];

  for (const line of text.split(/\r\n|\r|\n/)) {
    const entries: { raw: string; name?: string }[] = [];
    const rest = line.replace(
      NAMED_ADDRESS,
      (_match, quoted: string | undefined, plain: string | undefined, address: string) => {
        const entry = { raw: address, name: cleanInviteName(quoted ?? plain) };
        entries.push(entry);
        found.push(entry);
        return '\t';
      },
    );
    const isSpreadsheetRow = line.includes('\t');
    const nameParts: string[] = [];
    for (const piece of rest.split(CELL_SEPARATOR)) {
      const cell = piece.trim();
      if (cell === '') continue;
      if (cell.includes('@')) {
        const entry = { raw: stripWrapping(cell) };
        entries.push(entry);
        found.push(entry);
      } else if (NAME_LIKE.test(cell)) nameParts.push(cell);
      else if (!isSpreadsheetRow) found.push({ notAnAddress: cell });
    }
    const only = entries.length === 1 ? entries[0] : undefined;
    if (only && !only.name && nameParts.length > 0) only.name = cleanInviteName(nameParts.join(' '));
  }

  const invitees: Invitee[] = [];
  const invalid: string[] = [];
  const byEmail = new Map<string, Invitee>();
  let duplicates = 0;
  for (const item of found) {
    if ('notAnAddress' in item) {
      invalid.push(item.notAnAddress);
      continue;
    }
    const { raw, name } = item;
    const email = normalizeEmail(raw);
    if (!isInvitableEmail(email)) {
      if (raw.trim() !== '') invalid.push(raw.trim());
      continue;
    }
    const seen = byEmail.get(email);
    if (seen) {
      duplicates += 1;
      if (!seen.name && name) seen.name = name;
      continue;
    }
    const invitee: Invitee = name ? { email, name } : { email };
    byEmail.set(email, invitee);
    invitees.push(invitee);
  }
  return { invitees, invalid: [...new Set(invalid)], duplicates };
}
