/**
 * A scripted OpenAI-compatible model (`/openai/v1/chat/completions`), so the assistant's function
 * calling runs end to end without the internet and with answers a test can predict. It is not a
 * language model: a test registers rules, and each rule says which tools to call for a question and
 * how to word the answer. With AI_PROVIDER=openai, OPENAI_BASE_URL=<stand-ins>/openai/v1 and an
 * `sk-local-…` key, the assistant function talks to it through the real openai SDK.
 *
 * Scripts and recorded requests are kept per API key, so tests running side by side (each with its
 * own key) never see each other's.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { nowSeconds, randomId, readBody, sendJson } from './http.ts';

/** Keys the stand-in accepts, like Stripe's sk_test_: anything else gets OpenAI's 401. */
export const LOCAL_KEY_PREFIX = 'sk-local-';
export const SCRIPTED_MODEL_ID = 'carecover-scripted';
/** No question mark: to the assistant's loop this is an `unsupported` reply, not a clarifying question. */
export const REPHRASE =
  'I could not match that question to the data I can look up. Please rephrase it, for example as: which shifts are pending this week.';
export const NOTHING_FOUND = 'I found nothing that answers this question.';

const MAX_RULES = 500;
const MAX_RECORDED = 200;
/** A page of a tool's list (the tools return 25 rows unless asked for more); within the 26 letters. */
const MAX_ITEMS_PER_POINT = 25;

export interface ScriptedCall {
  name: string;
  /** String values may hold `$1`…`$9` (groups of a regex match) and `{{tool.path}}` (earlier results). */
  arguments?: Record<string, unknown>;
}

export interface ScriptRule {
  /** A case-insensitive substring of the last user message, or a regex written `/…/flags`. */
  match: string;
  /** Tools to call first. */
  calls?: ScriptedCall[];
  /** Tools to call once the first results are back (e.g. find_staff, then staff_details by its id). */
  then?: ScriptedCall[];
  /** The final text; `{{results}}` is the generic rendering, `{{tool.path}}` a value from a result. */
  reply?: string;
}

export interface RecordedModelRequest {
  receivedAt: string;
  model: string;
  /** Characters of the request body: what a prompt costs. */
  chars: number;
  messages: unknown[];
  /** Names of the tools the request declared. */
  tools: string[];
  /** The body as sent, to search for anything that must never leave the function. */
  body: string;
}

interface CompiledRule extends ScriptRule {
  test(text: string): RegExpExecArray | null;
}

interface ChatMessage {
  role?: unknown;
  content?: unknown;
  tool_calls?: { id?: unknown; function?: { name?: unknown } }[];
  tool_call_id?: unknown;
}

interface ToolOutput {
  name: string;
  value: unknown;
}

class ScriptError extends Error {}

function openAiError(res: ServerResponse, status: number, message: string, code: string | null = null): void {
  sendJson(res, status, { error: { message, type: 'invalid_request_error', param: null, code } });
}

function compile(rule: unknown, index: number): CompiledRule {
  if (rule === null || typeof rule !== 'object' || Array.isArray(rule)) {
    throw new ScriptError(`rules[${index}] must be an object.`);
  }
  const r = rule as Record<string, unknown>;
  const unknown = Object.keys(r).filter((k) => !['match', 'calls', 'then', 'reply'].includes(k));
  if (unknown.length > 0) throw new ScriptError(`rules[${index}] has unknown fields: ${unknown.join(', ')}.`);
  if (typeof r.match !== 'string' || r.match === '') throw new ScriptError(`rules[${index}].match must be a string.`);
  const checkCalls = (field: 'calls' | 'then'): ScriptedCall[] | undefined => {
    const value = r[field];
    if (value === undefined) return undefined;
    if (!Array.isArray(value))
      throw new ScriptError(`rules[${index}].${field} must be an array of { name, arguments }.`);
    return value.map((c: unknown, j) => {
      const call = c as Record<string, unknown> | null;
      if (!call || typeof call.name !== 'string' || call.name === '') {
        throw new ScriptError(`rules[${index}].${field}[${j}].name must be a tool name.`);
      }
      const args = call.arguments ?? {};
      if (args === null || typeof args !== 'object' || Array.isArray(args)) {
        throw new ScriptError(`rules[${index}].${field}[${j}].arguments must be an object.`);
      }
      return { name: call.name, arguments: args as Record<string, unknown> };
    });
  };
  const calls = checkCalls('calls');
  const then = checkCalls('then');
  if (r.reply !== undefined && typeof r.reply !== 'string')
    throw new ScriptError(`rules[${index}].reply must be a string.`);
  if (!calls?.length && r.reply === undefined) {
    throw new ScriptError(`rules[${index}] needs calls, a reply, or both.`);
  }
  if (then?.length && !calls?.length) throw new ScriptError(`rules[${index}].then needs calls to follow.`);
  const regex = /^\/(.+)\/([a-z]*)$/s.exec(r.match);
  let test: CompiledRule['test'];
  if (regex) {
    let re: RegExp;
    try {
      re = new RegExp(regex[1]!, regex[2]!.replace(/[gy]/g, ''));
    } catch (error) {
      throw new ScriptError(`rules[${index}].match is not a valid regex: ${(error as Error).message}`);
    }
    test = (text) => re.exec(text);
  } else {
    const needle = r.match.toLowerCase();
    test = (text) => {
      const at = text.toLowerCase().indexOf(needle);
      if (at < 0) return null;
      const match = [text.slice(at, at + needle.length)] as unknown as RegExpExecArray;
      match.index = at;
      return match;
    };
  }
  return { match: r.match, calls, then, reply: r.reply as string | undefined, test };
}

/** The text of a message's content (a string, or OpenAI's array of text parts). */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((p) => (typeof (p as { text?: unknown })?.text === 'string' ? (p as { text: string }).text : ''))
      .join('');
  }
  return '';
}

/** The value at a dotted path; a `*` segment maps over a list. */
function lookup(value: unknown, path: string[]): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  if (head === '*') return Array.isArray(value) ? value.map((v) => lookup(v, rest)) : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  return lookup((value as Record<string, unknown>)[head], rest);
}

function resultValue(outputs: readonly ToolOutput[], expression: string): unknown {
  const [tool, ...path] = expression.split('.');
  const output = [...outputs].reverse().find((o) => o.name === tool);
  return output ? lookup(output.value, path) : undefined;
}

function show(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value))
    return value
      .map(show)
      .filter((s) => s !== '')
      .join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const TEMPLATE = /\{\{\s*([\w.*-]+)\s*\}\}/g;

/** A reply template with its placeholders filled in. */
export function renderTemplate(template: string, outputs: readonly ToolOutput[]): string {
  return template.replace(TEMPLATE, (_, expression: string) =>
    expression === 'results' ? renderResults(outputs) : show(resultValue(outputs, expression)),
  );
}

/**
 * A call's arguments with `$n` and `{{tool.path}}` filled in, or null when a path finds nothing
 * (the follow-up call then is not made). A string that is only one placeholder keeps the value's type.
 */
function fillArguments(
  args: Record<string, unknown>,
  groups: readonly (string | undefined)[],
  outputs: readonly ToolOutput[],
): Record<string, unknown> | null {
  let missing = false;
  const fill = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const withGroups = value.replace(/\$(\d)/g, (_, n: string) => groups[Number(n)] ?? '');
      const whole = /^\{\{\s*([\w.*-]+)\s*\}\}$/.exec(withGroups);
      if (whole) {
        const found = resultValue(outputs, whole[1]!);
        if (found === undefined || found === null) missing = true;
        return found;
      }
      return withGroups.replace(TEMPLATE, (_, expression: string) => {
        const found = resultValue(outputs, expression);
        if (found === undefined || found === null) missing = true;
        return show(found);
      });
    }
    if (Array.isArray(value)) return value.map(fill);
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v)]));
    }
    return value;
  };
  const filled = fill(args) as Record<string, unknown>;
  return missing ? null : filled;
}

// The generic rendering ---------------------------------------------------------------------------

const humanise = (key: string): string => {
  const words = key.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const QUIET_NUMBERS = new Set(['score', 'duration_minutes']);
/** Strings an item shows after its name or ShiftID, in this order. */
const SHOWN_TEXT = ['status', 'staff_type', 'skill', 'starts_local', 'address', 'phone', 'email', 'example'];

/** "Fill rate 80%" for a rate (0..1), "Total 12" for any other number. */
function describeNumber(key: string, value: number): string {
  if (key.endsWith('_rate') && value >= 0 && value <= 1) return `${humanise(key)} ${Math.round(value * 1000) / 10}%`;
  return `${humanise(key)} ${value}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** One line for a shift, a staff member, a ranking row or any other item. */
function describeItem(item: unknown): string {
  if (!isRecord(item)) return show(item);
  const parts: string[] = [];
  const shift = isRecord(item.shift) ? item.shift : null;
  const staff = isRecord(item.staff) ? item.staff : null;
  if (typeof item.short_id === 'string') parts.push(`Shift ${item.short_id}`);
  else if (typeof item.name === 'string') parts.push(item.name);
  else if (staff && typeof staff.name === 'string') parts.push(staff.name);
  else if (shift && typeof shift.short_id === 'string') parts.push(`Shift ${shift.short_id}`);
  const source = shift && typeof item.short_id !== 'string' ? { ...shift, ...item } : item;
  for (const key of SHOWN_TEXT) {
    if (typeof source[key] === 'string' && source[key] !== '') parts.push(source[key]);
  }
  const accepted = source.accepted_by;
  if (isRecord(accepted) && typeof accepted.name === 'string') parts.push(`accepted by ${accepted.name}`);
  if (item.on_shift === true) parts.push('on shift');
  // Lists of sentences inside an item (who_can_cover's reasons): each one, in order; never codes.
  for (const [key, value] of Object.entries(item)) {
    if (key.endsWith('_codes')) continue;
    if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string')) {
      parts.push(value.join('; '));
    }
  }
  for (const [key, value] of Object.entries(item)) {
    if (typeof value === 'number' && !QUIET_NUMBERS.has(key)) parts.push(describeNumber(key, value));
  }
  return parts.length > 0 ? parts.join(', ') : JSON.stringify(item);
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

function describeResult(value: unknown): { head: string; items: string[] } {
  if (Array.isArray(value)) return { head: `${value.length} found`, items: value.map(describeItem) };
  if (!isRecord(value)) return { head: show(value), items: [] };
  if (typeof value.error === 'string') return { head: `I could not look that up: ${value.error}`, items: [] };
  const numbers: string[] = [];
  const items: string[] = [];
  for (const [key, inner] of Object.entries(value)) {
    if (typeof inner === 'number') numbers.push(describeNumber(key, inner));
    else if (typeof inner === 'boolean') numbers.push(`${humanise(key)} ${inner ? 'yes' : 'no'}`);
    else if (Array.isArray(inner)) items.push(...inner.map(describeItem));
    else if (isRecord(inner)) items.push(describeItem(inner));
    else if (key === 'note' && typeof inner === 'string') items.push('Only part of the list was sent.');
  }
  if (numbers.length === 0 && items.length === 0) return { head: NOTHING_FOUND, items: [] };
  return { head: numbers.length > 0 ? numbers.join(', ') : `${items.length} found`, items };
}

/** Numbered points (one per tool result) with lettered sub-points, in the SPEC's style; no markdown. */
export function renderResults(outputs: readonly ToolOutput[]): string {
  if (outputs.length === 0) return NOTHING_FOUND;
  return outputs
    .map((output, i) => {
      const { head, items } = describeResult(output.value);
      const shown = items.slice(0, MAX_ITEMS_PER_POINT);
      if (items.length > shown.length) shown.push(`and ${items.length - shown.length} more`);
      const subs = shown.map((s, j) => `\n   ${LETTERS[j] ?? '-'}. ${s}`).join('');
      return `${i + 1}. ${head}${subs}`;
    })
    .join('\n');
}

// The service -------------------------------------------------------------------------------------

export class ScriptedModel {
  private readonly scripts = new Map<string, CompiledRule[]>();
  private readonly recorded = new Map<string, RecordedModelRequest[]>();

  /** Requests recorded for a key, oldest first. */
  requests(key: string): RecordedModelRequest[] {
    return [...(this.recorded.get(key) ?? [])];
  }

  setScript(key: string, rules: unknown): number {
    if (!Array.isArray(rules)) throw new ScriptError('rules must be an array of { match, calls?, then?, reply? }.');
    if (rules.length > MAX_RULES) throw new ScriptError(`rules may hold at most ${MAX_RULES} rules.`);
    this.scripts.set(key, rules.map(compile));
    return rules.length;
  }

  reset(key: string): void {
    this.scripts.delete(key);
    this.recorded.delete(key);
  }

  /** Answers a request under /openai/; false when the path is not one of its own. */
  async handle(req: IncomingMessage, res: ServerResponse, path: string, method: string): Promise<boolean> {
    if (!path.startsWith('/openai/')) return false;
    const key = this.checkKey(req, res);
    if (key === null) return true;

    if (path === '/openai/v1/chat/completions' && method === 'POST') {
      await this.complete(req, res, key);
      return true;
    }
    if (path === '/openai/v1/models' && method === 'GET') {
      sendJson(res, 200, { object: 'list', data: [modelEntry()] });
      return true;
    }
    const model = /^\/openai\/v1\/models\/([^/]+)$/.exec(path);
    if (model?.[1] && method === 'GET') {
      if (decodeURIComponent(model[1]) === SCRIPTED_MODEL_ID) sendJson(res, 200, modelEntry());
      else openAiError(res, 404, `The model '${decodeURIComponent(model[1])}' does not exist`, 'model_not_found');
      return true;
    }
    if (path === '/openai/script') {
      if (method === 'POST') {
        let body: unknown;
        try {
          body = JSON.parse(await readBody(req));
        } catch {
          sendJson(res, 400, {
            error: { code: 'invalid_script', message: 'The body must be JSON: { rules: [...] }.' },
          });
          return true;
        }
        try {
          const count = this.setScript(key, isRecord(body) ? body.rules : undefined);
          sendJson(res, 200, { rules: count });
        } catch (error) {
          if (!(error instanceof ScriptError)) throw error;
          sendJson(res, 400, { error: { code: 'invalid_script', message: error.message } });
        }
        return true;
      }
      if (method === 'DELETE') {
        this.reset(key);
        sendJson(res, 200, { cleared: true });
        return true;
      }
    }
    if (path === '/openai/requests') {
      if (method === 'GET') {
        sendJson(res, 200, this.requests(key));
        return true;
      }
      if (method === 'DELETE') {
        this.recorded.delete(key);
        sendJson(res, 200, { cleared: true });
        return true;
      }
    }
    openAiError(res, 404, `Invalid URL (${method} ${path})`);
    return true;
  }

  private checkKey(req: IncomingMessage, res: ServerResponse): string | null {
    const header = String(req.headers.authorization ?? '');
    const key = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    if (!key) {
      openAiError(
        res,
        401,
        "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
      );
      return null;
    }
    if (!key.startsWith(LOCAL_KEY_PREFIX) || key.length <= LOCAL_KEY_PREFIX.length) {
      const masked = key.length > 8 ? `${key.slice(0, 3)}***${key.slice(-4)}` : '***';
      openAiError(
        res,
        401,
        `Incorrect API key provided: ${masked}. Local keys start with ${LOCAL_KEY_PREFIX}.`,
        'invalid_api_key',
      );
      return null;
    }
    return key;
  }

  private async complete(req: IncomingMessage, res: ServerResponse, key: string): Promise<void> {
    const raw = await readBody(req);
    let body: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (!isRecord(parsed)) throw new Error('not an object');
      body = parsed;
    } catch {
      openAiError(res, 400, 'We could not parse the JSON body of your request. The body must be a JSON object.');
      return;
    }
    if (typeof body.model !== 'string' || body.model === '') {
      openAiError(res, 400, 'you must provide a model parameter');
      return;
    }
    if (!Array.isArray(body.messages) || body.messages.length === 0) {
      openAiError(res, 400, "'messages' must be a non-empty array.", 'invalid_value');
      return;
    }
    if (body.stream === true) {
      openAiError(res, 400, 'The scripted stand-in model does not stream; send stream: false.', 'unsupported_value');
      return;
    }
    const messages = body.messages as ChatMessage[];
    const tools = Array.isArray(body.tools)
      ? body.tools.map((t) => String((t as { function?: { name?: unknown } })?.function?.name ?? ''))
      : [];
    const log = this.recorded.get(key) ?? [];
    log.push({
      receivedAt: new Date().toISOString(),
      model: body.model,
      chars: raw.length,
      messages,
      tools,
      body: raw,
    });
    if (log.length > MAX_RECORDED) log.shift();
    this.recorded.set(key, log);

    const answer = this.answer(key, messages);
    const content = 'calls' in answer ? null : answer.text;
    const toolCalls =
      'calls' in answer
        ? answer.calls.map((call) => ({
            id: randomId('call_'),
            type: 'function' as const,
            function: { name: call.name, arguments: JSON.stringify(call.arguments ?? {}) },
          }))
        : undefined;
    const promptTokens = Math.ceil(raw.length / 4);
    const completionTokens = Math.ceil(JSON.stringify(content ?? toolCalls).length / 4);
    sendJson(res, 200, {
      id: randomId('chatcmpl-'),
      object: 'chat.completion',
      created: nowSeconds(),
      model: body.model,
      system_fingerprint: 'fp_carecover_scripted',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content, refusal: null, ...(toolCalls ? { tool_calls: toolCalls } : {}) },
          logprobs: null,
          finish_reason: toolCalls ? 'tool_calls' : 'stop',
        },
      ],
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      },
    });
  }

  /** What the script says for this conversation: tool calls, or the final text. */
  private answer(key: string, messages: readonly ChatMessage[]): { calls: ScriptedCall[] } | { text: string } {
    let lastUser = -1;
    messages.forEach((m, i) => {
      if (m?.role === 'user') lastUser = i;
    });
    if (lastUser < 0) return { text: REPHRASE };
    const question = textOf(messages[lastUser]!.content);
    let rule: CompiledRule | undefined;
    let groups: (string | undefined)[] = [];
    for (const candidate of this.scripts.get(key) ?? []) {
      const found = candidate.test(question);
      if (found) {
        rule = candidate;
        groups = [...found];
        break;
      }
    }
    const after = messages.slice(lastUser + 1);
    const last = messages[messages.length - 1]!;
    if (last.role === 'user') {
      if (!rule) return { text: REPHRASE };
      if (rule.calls?.length) {
        return {
          calls: rule.calls.map((c) => ({
            name: c.name,
            arguments: fillArguments(c.arguments ?? {}, groups, []) ?? {},
          })),
        };
      }
      return { text: renderTemplate(rule.reply ?? '', []) };
    }
    if (last.role !== 'tool') return { text: REPHRASE };

    // Results of this question's calls, matched to the calls' names by their ids.
    const names = new Map<string, string>();
    let rounds = 0;
    const outputs: ToolOutput[] = [];
    for (const m of after) {
      if (m.role === 'assistant' && Array.isArray(m.tool_calls) && m.tool_calls.length > 0) {
        rounds += 1;
        for (const c of m.tool_calls) names.set(String(c.id), String(c.function?.name ?? ''));
      }
      if (m.role === 'tool') {
        const text = textOf(m.content);
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch {
          value = text;
        }
        outputs.push({ name: names.get(String(m.tool_call_id)) ?? 'unknown', value });
      }
    }
    if (rule?.then?.length && rounds === 1) {
      const filled = rule.then.map((c) => ({
        name: c.name,
        arguments: fillArguments(c.arguments ?? {}, groups, outputs),
      }));
      if (filled.every((c) => c.arguments !== null)) {
        return { calls: filled.map((c) => ({ name: c.name, arguments: c.arguments ?? {} })) };
      }
    }
    const text = rule?.reply !== undefined ? renderTemplate(rule.reply, outputs) : renderResults(outputs);
    return { text: text.trim() === '' ? NOTHING_FOUND : text };
  }
}

function modelEntry() {
  return { id: SCRIPTED_MODEL_ID, object: 'model', created: 1_767_225_600, owned_by: 'carecover-local' };
}
