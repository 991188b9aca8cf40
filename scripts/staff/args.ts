/** A small argv parser: `command positional… --flag value --flag=value --switch`. */
export interface ParsedArgs {
  command: string | undefined;
  positionals: string[];
  flags: Map<string, string | true>;
}

export function parseArgs(argv: readonly string[]): ParsedArgs {
  const positionals: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') continue;
    if (!arg.startsWith('--')) {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    if (eq > 2) {
      flags.set(arg.slice(2, eq), arg.slice(eq + 1));
      continue;
    }
    const next = argv[i + 1];
    if (next !== undefined && !next.startsWith('--')) {
      flags.set(arg.slice(2), next);
      i++;
    } else {
      flags.set(arg.slice(2), true);
    }
  }
  const [command, ...rest] = positionals;
  return { command, positionals: rest, flags };
}

export class UsageError extends Error {
  override name = 'UsageError';
}

/** A flag's text value; throws a usage error when it is required and missing. */
export function flag(args: ParsedArgs, name: string, required: true): string;
export function flag(args: ParsedArgs, name: string, required?: false): string | undefined;
export function flag(args: ParsedArgs, name: string, required = false): string | undefined {
  const value = args.flags.get(name);
  if (typeof value === 'string') return value;
  if (required) throw new UsageError(`--${name} is required`);
  return undefined;
}

export function positional(args: ParsedArgs, index: number, name: string): string {
  const value = args.positionals[index];
  if (value === undefined) throw new UsageError(`<${name}> is required`);
  return value;
}
