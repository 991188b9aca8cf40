/**
 * `npm run staff -- <command> …`: each command turns its arguments into one operation and prints a
 * short result. Every command takes --email/--password (default: the seeded worker).
 */
import { flag, parseArgs, positional, UsageError, type ParsedArgs } from './args.ts';
import {
  acceptShift,
  clockIn,
  clockOut,
  DEMO_STAFF,
  joinCompany,
  leaveCompany,
  listNotifications,
  listShifts,
  logIn,
  markNotificationsRead,
  openSession,
  setPushToken,
  signUpStaff,
  type StaffCredentials,
  type StaffOptions,
  type StaffSession,
} from './operations.ts';

interface Command {
  usage: string;
  run(args: ParsedArgs, credentials: StaffCredentials, options: StaffOptions): Promise<string>;
}

const session = (credentials: StaffCredentials, options: StaffOptions): Promise<StaffSession> =>
  openSession(credentials, options);

/** A --lat/--lng value as a number; the database judges its range. */
function coordinate(args: ParsedArgs, name: string): number | undefined {
  const text = flag(args, name);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) throw new UsageError(`--${name} must be a number`);
  return value;
}

const when = (iso: string | null): string =>
  iso ? new Date(iso).toISOString().replace('T', ' ').slice(0, 16) + 'Z' : '-';

export const commands: Record<string, Command> = {
  signup: {
    usage: 'signup --email E --password P --first F --last L --phone N [--code C]',
    async run(args, credentials, options) {
      const result = await signUpStaff(
        {
          ...credentials,
          firstName: flag(args, 'first', true),
          lastName: flag(args, 'last', true),
          phone: flag(args, 'phone', true),
          companyCode: flag(args, 'code'),
        },
        options,
      );
      const joined = result.employer ? ` and joined ${result.employer.companyName}` : '';
      return `Signed up ${result.email} (staff ${result.userId})${joined}`;
    },
  },
  login: {
    usage: 'login [--email E --password P]',
    async run(_args, credentials, options) {
      const s = await logIn(credentials, options);
      return `Logged in as ${s.email} (staff ${s.userId})`;
    },
  },
  join: {
    usage: 'join --code C',
    async run(args, credentials, options) {
      const employer = await joinCompany(await session(credentials, options), flag(args, 'code', true));
      return `Joined ${employer.companyName} (${employer.companyId})`;
    },
  },
  leave: {
    usage: 'leave --company <company id or name>',
    async run(args, credentials, options) {
      const employer = await leaveCompany(await session(credentials, options), flag(args, 'company', true));
      return `Left ${employer.companyName}`;
    },
  },
  shifts: {
    usage: 'shifts',
    async run(_args, credentials, options) {
      const shifts = await listShifts(await session(credentials, options));
      const mine = shifts.filter((s) => s.isMine).length;
      const lines = shifts.map((s) =>
        [
          s.id,
          (s.status ?? '').padEnd(11),
          `${when(s.starts_at)} → ${when(s.ends_at)}`,
          `${s.staff_type} / ${s.skill}`,
          `${s.street_number} ${s.street_name}, ${s.city}`,
          s.companyName,
          s.isMine ? '(mine)' : '',
        ].join('  '),
      );
      return [`${shifts.length - mine} open shift(s), ${mine} of mine`, ...lines].join('\n');
    },
  },
  accept: {
    usage: 'accept <shiftId>',
    async run(args, credentials, options) {
      const shift = await acceptShift(await session(credentials, options), positional(args, 0, 'shiftId'));
      return `Accepted shift ${shift.id} at ${when(shift.accepted_at)}`;
    },
  },
  'clock-in': {
    usage: 'clock-in <shiftId> [--lat 43.6525 --lng -79.3839] [--reason "Phone has no signal"]',
    async run(args, credentials, options) {
      const shift = await clockIn(await session(credentials, options), positional(args, 0, 'shiftId'), {
        latitude: coordinate(args, 'lat'),
        longitude: coordinate(args, 'lng'),
        reason: flag(args, 'reason'),
      });
      const place =
        shift.clock_in_distance_m !== null
          ? `${shift.clock_in_distance_m} m from the shift`
          : shift.clock_in_latitude !== null
            ? 'the shift has no coordinates'
            : 'no location';
      return `Clocked in to shift ${shift.id} at ${when(shift.clocked_in_at)} (${place})`;
    },
  },
  'clock-out': {
    usage: 'clock-out <shiftId> [--time-done "7.5 hours"] (without it, the clocked time)',
    async run(args, credentials, options) {
      const shift = await clockOut(
        await session(credentials, options),
        positional(args, 0, 'shiftId'),
        flag(args, 'time-done'),
      );
      return `Clocked out of shift ${shift.id} at ${when(shift.clocked_out_at)} (${shift.time_done ?? ''})`;
    },
  },
  notifications: {
    usage: 'notifications [--mark-read]',
    async run(args, credentials, options) {
      const s = await session(credentials, options);
      const list = await listNotifications(s);
      const unread = list.filter((n) => !n.read_at).length;
      const lines = list.map((n) => `${when(n.created_at)}  ${n.read_at ? 'read  ' : 'unread'}  ${n.message}`);
      const head = args.flags.has('mark-read')
        ? `Marked ${await markNotificationsRead(s)} notification(s) read`
        : `${list.length} notification(s), ${unread} unread`;
      return [head, ...lines].join('\n');
    },
  },
  'push-token': {
    usage: 'push-token <token>',
    async run(args, credentials, options) {
      await setPushToken(await session(credentials, options), positional(args, 0, 'token'));
      return 'Push token saved';
    },
  },
};

export function usage(): string {
  return [
    'usage: npm run staff -- <command> [--email E --password P]',
    ...Object.values(commands).map((c) => `  ${c.usage}`),
  ].join('\n');
}

/** Runs one command line; returns the exit code after writing the result or the error sentence. */
export async function runStaffCommand(
  argv: readonly string[],
  out: (text: string) => void = (t) => process.stdout.write(`${t}\n`),
  err: (text: string) => void = (t) => process.stderr.write(`${t}\n`),
  options: StaffOptions = {},
): Promise<number> {
  const args = parseArgs(argv);
  const command = args.command ? commands[args.command] : undefined;
  if (!command) {
    err(args.command && args.command !== 'help' ? `Unknown command: ${args.command}\n${usage()}` : usage());
    return args.command === 'help' ? 0 : 1;
  }
  try {
    const credentials = {
      email: flag(args, 'email') ?? DEMO_STAFF.email,
      password: flag(args, 'password') ?? DEMO_STAFF.password,
    };
    out(await command.run(args, credentials, options));
    return 0;
  } catch (error) {
    err(error instanceof UsageError ? `${error.message}\nusage: ${command.usage}` : errorMessage(error));
    return 1;
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
