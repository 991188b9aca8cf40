/**
 * The dotenv format of `supabase/functions/.env` as the Supabase CLI reads it (`KEY=value`, optional
 * `export `, `#` comments, single, double or back quotes, `\n` escapes and multi-line values in
 * double quotes). Small enough to own rather than add a dependency.
 */
const LINE =
  /^\s*(?:export\s+)?([\w.-]+)(?:\s*=\s*?|:\s+?)(\s*'(?:\\'|[^'])*'|\s*"(?:\\"|[^"])*"|\s*`(?:\\`|[^`])*`|[^#\r\n]+)?\s*(?:#.*)?$/gm;

export function parseDotenv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const source = text.replace(/\r\n?/g, '\n');
  for (const match of source.matchAll(LINE)) {
    const key = match[1];
    if (!key) continue;
    let value = (match[2] ?? '').trim();
    const quote = value[0];
    if ((quote === '"' || quote === "'" || quote === '`') && value.endsWith(quote) && value.length >= 2) {
      value = value.slice(1, -1);
      if (quote === '"') value = value.replace(/\\n/g, '\n').replace(/\\r/g, '\r').replace(/\\"/g, '"');
    }
    out[key] = value;
  }
  return out;
}
