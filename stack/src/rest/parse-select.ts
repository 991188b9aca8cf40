/** PostgREST's vertical filtering grammar (`select=`), including embeds, spreads, casts and aggregates. */
import type { Aggregate, JsonStep, SelectItem } from './ast.ts';
import { parseError } from './errors.ts';
import { MAX_NESTING } from './parse-filter.ts';

const AGGREGATES = new Set(['count', 'sum', 'avg', 'min', 'max']);
/** Cast targets are spliced into SQL, so only plain type names are accepted. */
export const TYPE_NAME = /^[A-Za-z_][A-Za-z0-9_]*( [A-Za-z_][A-Za-z0-9_]*)*(\[\])*$/;

/** Drops whitespace outside double quotes, as postgrest-js does before sending. */
function stripWhitespace(input: string): string {
  let out = '';
  let quoted = false;
  for (const ch of input) {
    if (ch === '"') quoted = !quoted;
    if (!quoted && /\s/.test(ch)) continue;
    out += ch;
  }
  return out;
}

class SelectParser {
  private pos = 0;
  private depth = 0;
  constructor(
    private readonly text: string,
    private readonly raw: string,
  ) {}

  fail(expecting: string): never {
    const found = this.text[this.pos];
    throw parseError(
      `failed to parse select parameter (${this.raw})`,
      found === undefined
        ? `unexpected end of input expecting ${expecting}`
        : `unexpected "${found}" expecting ${expecting}`,
    );
  }

  peek(s: string): boolean {
    return this.text.startsWith(s, this.pos);
  }

  eat(s: string): boolean {
    if (!this.peek(s)) return false;
    this.pos += s.length;
    return true;
  }

  /** A bare or double-quoted name. */
  name(): string {
    if (this.peek('"')) {
      let out = '';
      this.pos++;
      while (this.pos < this.text.length) {
        const ch = this.text[this.pos++];
        if (ch === '\\' && this.pos < this.text.length) out += this.text[this.pos++];
        else if (ch === '"') {
          // A NUL would end the statement text on the wire (a protocol error, not a 400).
          if (out === '' || out.includes('\0')) this.fail('field name');
          return out;
        } else out += ch;
      }
      this.fail('closing quote');
    }
    const start = this.pos;
    while (this.pos < this.text.length) {
      const ch = this.text[this.pos];
      if (ch === undefined || ',()!:."'.includes(ch) || this.peek('->')) break;
      this.pos++;
    }
    const out = this.text.slice(start, this.pos);
    if (out === '' || out.includes('\0')) this.fail('field name');
    return out;
  }

  list(nested: boolean): SelectItem[] {
    const items: SelectItem[] = [];
    if (nested && this.peek(')')) return items;
    for (;;) {
      items.push(this.item());
      if (this.eat(',')) continue;
      if (nested ? this.peek(')') : this.pos >= this.text.length) return items;
      this.fail(nested ? '"," or ")"' : '"," or end of input');
    }
  }

  cast(): string | undefined {
    if (!this.eat('::')) return undefined;
    const start = this.pos;
    while (this.pos < this.text.length && !',)'.includes(this.text[this.pos] ?? '')) this.pos++;
    const type = this.text.slice(start, this.pos);
    if (!TYPE_NAME.test(type)) this.fail('a type name');
    return type;
  }

  item(): SelectItem {
    if (this.eat('*')) return { kind: 'star' };
    const spread = this.eat('...');
    let first = this.name();
    let alias: string | undefined;
    if (!spread && this.peek(':') && !this.peek('::')) {
      this.pos++;
      alias = first;
      if (this.eat('...')) this.fail('field name (spreads cannot be aliased)');
      first = this.name();
    }
    // Embeds: name, then !hint / !inner / !left, then (…).
    let hint: string | undefined;
    let join: 'left' | 'inner' = 'left';
    let isEmbed = spread;
    while (this.eat('!')) {
      isEmbed = true;
      const mod = this.name();
      if (mod === 'inner' || mod === 'left') join = mod;
      else hint = mod;
    }
    if (first === 'count' && !isEmbed && this.peek('()')) {
      this.pos += 2;
      const item: SelectItem = { kind: 'count' };
      if (alias !== undefined) item.alias = alias;
      const cast = this.cast();
      if (cast !== undefined) item.cast = cast;
      return item;
    }
    if (isEmbed || this.peek('(')) {
      if (!this.eat('(')) this.fail('"("');
      if (++this.depth > MAX_NESTING) this.fail(`embeds nested at most ${MAX_NESTING} levels deep`);
      const select = this.list(true);
      if (!this.eat(')')) this.fail('")"');
      this.depth--;
      const item: SelectItem = { kind: 'embed', relation: first, join, spread, select };
      if (alias !== undefined) item.alias = alias;
      if (hint !== undefined) item.hint = hint;
      return item;
    }
    const json: JsonStep[] = [];
    while (this.peek('->')) {
      const arrow = this.eat('->>') ? '->>' : (this.eat('->'), '->');
      json.push({ arrow, key: this.name() });
    }
    let aggregate: Aggregate | undefined;
    if (this.peek('.')) {
      this.pos++;
      const fn = this.name();
      if (!AGGREGATES.has(fn) || !this.eat('()')) this.fail('an aggregate function (count, sum, avg, min, max)');
      aggregate = fn as Aggregate;
    }
    const item: SelectItem = { kind: 'column', field: { name: first, json } };
    if (alias !== undefined) item.alias = alias;
    if (aggregate !== undefined) item.aggregate = aggregate;
    const cast = this.cast();
    if (cast !== undefined) item.cast = cast;
    return item;
  }
}

export function parseSelect(raw: string | null): SelectItem[] {
  if (raw === null) return [{ kind: 'star' }];
  const text = stripWhitespace(raw);
  if (text === '') return [{ kind: 'star' }];
  return new SelectParser(text, raw).list(false);
}
