/**
 * The part of Go's text/template language that CareCover's auth email templates use, executed as
 * GoTrue executes them (html/template, on hosted Supabase):
 *
 * - `{{ .Name }}` and `{{ .Data.key }}`: a value of the data (nested fields by dots); a missing
 *   one writes nothing;
 * - `{{ if eq A B }} … {{ else }} … {{ end }}` (else optional, ifs may nest), A and B each a field
 *   or a double-quoted string. Like Go's `eq`: a missing value equals nothing, two values of one
 *   basic kind compare, and a string against a number or an object is an error.
 *
 * Anything else (other functions, pipelines, `range`, trim markers `{{-`) throws: a template that
 * needs more than this must not render one way here and another on hosted Auth.
 */

type Value = unknown;
export type TemplateData = Record<string, Value>;

type Arg = { kind: 'field'; path: string[] } | { kind: 'string'; value: string };
type Node =
  | { kind: 'text'; text: string }
  | { kind: 'field'; path: string[] }
  | { kind: 'if'; left: Arg; right: Arg; then: Node[]; otherwise: Node[] };

export class TemplateError extends Error {}

const FIELD = /^(?:\.[A-Za-z_][A-Za-z0-9_]*)+$/;
const STRING = /^"((?:[^"\\]|\\.)*)"/;

function parseField(word: string, action: string): string[] {
  if (!FIELD.test(word)) throw new TemplateError(`unsupported template action {{${action}}}`);
  return word.slice(1).split('.');
}

function unquote(body: string, action: string): string {
  return body.replace(/\\(.)/g, (_, c: string) => {
    const escaped = { '\\': '\\', '"': '"', n: '\n', t: '\t' }[c];
    if (escaped === undefined) throw new TemplateError(`unsupported escape \\${c} in {{${action}}}`);
    return escaped;
  });
}

/** `eq A B`'s arguments: fields and double-quoted strings, separated by spaces. */
function parseArgs(rest: string, action: string): Arg[] {
  const args: Arg[] = [];
  let remaining = rest.trim();
  while (remaining !== '') {
    const quoted = STRING.exec(remaining);
    if (quoted) {
      args.push({ kind: 'string', value: unquote(quoted[1] ?? '', action) });
      remaining = remaining.slice(quoted[0].length);
    } else {
      const word = /^\S+/.exec(remaining)?.[0] ?? '';
      args.push({ kind: 'field', path: parseField(word, action) });
      remaining = remaining.slice(word.length);
    }
    if (remaining !== '' && !/^\s/.test(remaining)) throw new TemplateError(`malformed template action {{${action}}}`);
    remaining = remaining.trim();
  }
  return args;
}

type Token = { kind: 'text'; text: string } | { kind: 'action'; body: string; raw: string };

function tokenize(template: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < template.length) {
    const open = template.indexOf('{{', at);
    if (open === -1) {
      tokens.push({ kind: 'text', text: template.slice(at) });
      break;
    }
    if (open > at) tokens.push({ kind: 'text', text: template.slice(at, open) });
    const close = template.indexOf('}}', open + 2);
    if (close === -1) throw new TemplateError('unclosed template action');
    const raw = template.slice(open + 2, close);
    if (raw.startsWith('-') || raw.endsWith('-')) throw new TemplateError(`unsupported trim marker in {{${raw}}}`);
    tokens.push({ kind: 'action', body: raw.trim(), raw });
    at = close + 2;
  }
  return tokens;
}

function parse(template: string): Node[] {
  const tokens = tokenize(template);
  let index = 0;

  // Reads nodes until `{{ else }}` / `{{ end }}` (returned as the stop word) or the end of the template.
  const block = (): { nodes: Node[]; stop: 'else' | 'end' | null } => {
    const nodes: Node[] = [];
    while (index < tokens.length) {
      const token = tokens[index++]!;
      if (token.kind === 'text') {
        nodes.push({ kind: 'text', text: token.text });
        continue;
      }
      const { body, raw } = token;
      if (body === 'else' || body === 'end') return { nodes, stop: body };
      const words = body.split(/\s+/);
      if (words[0] === 'if') {
        if (words[1] !== 'eq') throw new TemplateError(`unsupported condition in {{${raw}}}: only "if eq A B"`);
        const args = parseArgs(body.replace(/^if\s+eq/, ''), raw);
        if (args.length !== 2) throw new TemplateError(`"eq" takes two arguments in {{${raw}}}`);
        const then = block();
        if (then.stop === null) throw new TemplateError(`{{${raw}}} has no {{ end }}`);
        let otherwise: Node[] = [];
        if (then.stop === 'else') {
          const rest = block();
          if (rest.stop !== 'end') throw new TemplateError(`{{${raw}}} has no {{ end }} after its {{ else }}`);
          otherwise = rest.nodes;
        }
        nodes.push({ kind: 'if', left: args[0]!, right: args[1]!, then: then.nodes, otherwise });
        continue;
      }
      nodes.push({ kind: 'field', path: parseField(body, raw) });
    }
    return { nodes, stop: null };
  };

  const top = block();
  if (top.stop !== null) throw new TemplateError(`unexpected {{ ${top.stop} }}`);
  return top.nodes;
}

function lookup(data: TemplateData, path: string[]): Value {
  let value: Value = data;
  for (const key of path) {
    if (value === null || value === undefined) return undefined;
    if (typeof value !== 'object' || Array.isArray(value)) {
      throw new TemplateError(`can't evaluate field ${key} in a ${Array.isArray(value) ? 'list' : typeof value}`);
    }
    value = (value as Record<string, Value>)[key];
  }
  return value;
}

function argValue(data: TemplateData, arg: Arg): Value {
  return arg.kind === 'string' ? arg.value : lookup(data, arg.path);
}

/** Go's basic kinds as JSON decodes them: string, bool, number; anything else cannot be compared. */
function kindOf(value: Value): 'missing' | 'string' | 'bool' | 'number' | 'other' {
  if (value === undefined || value === null) return 'missing';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return 'number';
  return 'other';
}

/** Go's `eq`: missing equals nothing (no error); two values must be comparable kinds. */
function eq(left: Value, right: Value): boolean {
  const a = kindOf(left);
  const b = kindOf(right);
  if (a === 'missing' || b === 'missing') return false;
  if (a === 'other' || b === 'other' || a !== b)
    throw new TemplateError('error calling eq: incompatible types for comparison');
  return left === right;
}

function write(nodes: Node[], data: TemplateData, escape: (value: string) => string): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'text') out += node.text;
    else if (node.kind === 'field') {
      const value = lookup(data, node.path);
      if (value === undefined || value === null) continue;
      if (typeof value === 'object') throw new TemplateError(`{{ .${node.path.join('.')} }} is not a plain value`);
      out += escape(String(value));
    } else {
      const taken = eq(argValue(data, node.left), argValue(data, node.right)) ? node.then : node.otherwise;
      out += write(taken, data, escape);
    }
  }
  return out;
}

/** Executes `template` on `data`; `escape` is applied to every value written (HTML-escaping for HTML). */
export function executeGoTemplate(template: string, data: TemplateData, escape: (value: string) => string): string {
  return write(parse(template), data, escape);
}
