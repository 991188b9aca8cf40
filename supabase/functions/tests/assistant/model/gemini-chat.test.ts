// The Gemini adapter through the real @google/genai SDK against a local fake server: function
// declarations with JSON Schema, functionCall parts in, functionResponse parts out, and the model's
// own content (its thought signature) sent back unchanged.
import assert from 'node:assert/strict';
import { startFakeServer } from '../../_shared/testing.ts';
import { geminiProvider } from '../../../assistant/providers.ts';
import { toGeminiContents } from '../../../assistant/model/gemini-chat.ts';
import { answerWithModel } from '../../../assistant/model/loop.ts';
import { fakeAgency, fakeRunner, fakeTools, NOW, PUSH_TOKEN, ZONE } from './test-fakes.ts';

const KEY = 'gemini-test-key';

interface GeminiBody {
  contents: { role: string; parts: Record<string, unknown>[] }[];
  systemInstruction: { parts: { text: string }[] };
  tools: { functionDeclarations: { name: string; description: string; parametersJsonSchema: unknown }[] }[];
}

Deno.test(
  'gemini adapter: declarations, functionCall and functionResponse parts, thought signatures kept',
  async () => {
    const modelTurn = {
      role: 'model',
      parts: [{ functionCall: { name: 'find_shifts', args: { status: 'Pending' } }, thoughtSignature: 'c2lnbmF0dXJl' }],
    };
    const server = await startFakeServer((req) => {
      const body = JSON.parse(req.body) as GeminiBody;
      const last = body.contents[body.contents.length - 1]!;
      const answer = last.parts.some((p) => 'functionResponse' in p)
        ? { role: 'model', parts: [{ text: 'Thinking…', thought: true }, { text: '1. Two shifts are pending.' }] }
        : modelTurn;
      return Response.json({ candidates: [{ content: answer, finishReason: 'STOP' }] });
    });
    try {
      const provider = geminiProvider({ AI_PROVIDER: 'gemini', GEMINI_API_KEY: KEY, GEMINI_BASE_URL: server.url });
      const agency = fakeAgency(2, { leak: { push_token: PUSH_TOKEN } });
      const tools = fakeTools(agency);
      const outcome = await answerWithModel({
        provider,
        messages: [{ sender: 'user', text: 'Which shifts are pending?' }],
        tools,
        run: fakeRunner(tools),
        context: { now: NOW, timeZone: ZONE, companyName: 'Maple' },
      });
      assert.equal(outcome.kind, 'answer');
      assert.equal(outcome.reply, '1. Two shifts are pending.', 'thought parts are not part of the reply');

      assert.equal(server.requests.length, 2);
      const [first, second] = server.requests.map((r) => JSON.parse(r.body) as GeminiBody);
      assert.match(server.requests[0]!.url.pathname, /\/models\/gemini-2\.5-flash:generateContent$/);
      assert.equal(server.requests[0]!.headers.get('x-goog-api-key'), KEY);
      assert.match(first!.systemInstruction.parts[0]!.text, /Never invent shifts/);
      const declared = first!.tools[0]!.functionDeclarations;
      assert.deepEqual(
        declared.map((d) => d.name),
        ['find_shifts', 'find_staff', 'list_staff'],
      );
      assert.deepEqual(declared[0]!.parametersJsonSchema, tools[0]!.parameters);

      assert.deepEqual(
        second!.contents.map((c) => c.role),
        ['user', 'model', 'user'],
      );
      assert.deepEqual(second!.contents[1], modelTurn, 'the model turn goes back as it came, signature included');
      const response = second!.contents[2]!.parts[0]!.functionResponse as {
        id?: string;
        name: string;
        response: { output: { total: number } };
      };
      assert.equal(response.name, 'find_shifts');
      assert.equal(response.id, undefined, 'no made-up id is sent back');
      assert.equal(response.response.output.total, 2);
    } finally {
      await server.close();
    }
  },
);

Deno.test('gemini adapter: without the native content, calls and errors are rebuilt as parts', () => {
  const contents = toGeminiContents({
    system: 's',
    turns: [
      { role: 'user', text: 'Who is Sam?' },
      { role: 'assistant', text: '', toolCalls: [{ id: 'fc-1', name: 'find_staff', arguments: '{"name":"Sam"}' }] },
      {
        role: 'tool',
        results: [{ callId: 'fc-1', name: 'find_staff', value: { error: 'No such staff.' }, isError: true }],
      },
    ],
  });
  assert.deepEqual(contents, [
    { role: 'user', parts: [{ text: 'Who is Sam?' }] },
    { role: 'model', parts: [{ functionCall: { id: 'fc-1', name: 'find_staff', args: { name: 'Sam' } } }] },
    {
      role: 'user',
      parts: [{ functionResponse: { id: 'fc-1', name: 'find_staff', response: { error: 'No such staff.' } } }],
    },
  ]);
});
