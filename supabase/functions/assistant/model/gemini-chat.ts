// Function calling through the official @google/genai SDK: tools declared as `functionDeclarations`
// (their JSON Schema as `parametersJsonSchema`), the model's `functionCall` parts turned into
// ToolCalls, results sent back as `functionResponse` parts. The model's own content is sent back
// unchanged (Gemini requires its thought signatures to come back). Automatic function calling is off:
// the loop runs every call itself, through the tools' parse and the redaction.
import type { Content, GoogleGenAI, Part } from 'npm:@google/genai@3.1.0';
import type { ChatModel, Conversation, ModelReply, ToolCall, ToolDeclaration } from './types.ts';

/** Ids this adapter made up for calls Gemini sent without one; they are not sent back. */
const LOCAL_ID = 'local-call-';

function isContent(value: unknown): value is Content {
  return value !== null && typeof value === 'object' && Array.isArray((value as Content).parts);
}

export function toGeminiContents(conversation: Conversation): Content[] {
  const contents: Content[] = [];
  for (const turn of conversation.turns) {
    if (turn.role === 'user') {
      contents.push({ role: 'user', parts: [{ text: turn.text }] });
    } else if (turn.role === 'assistant') {
      if (isContent(turn.native)) {
        contents.push({ ...turn.native, role: 'model' });
        continue;
      }
      const parts: Part[] = turn.text === '' ? [] : [{ text: turn.text }];
      for (const call of turn.toolCalls) {
        parts.push({
          functionCall: {
            ...(call.id.startsWith(LOCAL_ID) ? {} : { id: call.id }),
            name: call.name,
            args: parseArgs(call.arguments),
          },
        });
      }
      contents.push({ role: 'model', parts });
    } else {
      contents.push({
        role: 'user',
        parts: turn.results.map((result) => ({
          functionResponse: {
            ...(result.callId.startsWith(LOCAL_ID) ? {} : { id: result.callId }),
            name: result.name,
            // Gemini's convention: `output` for a result, `error` for a failure.
            response: result.isError ? (result.value as Record<string, unknown>) : { output: result.value },
          },
        })),
      });
    }
  }
  return contents;
}

function parseArgs(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

export function toGeminiTools(tools: readonly ToolDeclaration[]) {
  return [
    {
      functionDeclarations: tools.map((t) => ({
        name: t.name,
        description: t.description,
        parametersJsonSchema: t.parameters,
      })),
    },
  ];
}

export function replyOf(content: Content | undefined): ModelReply {
  const parts = content?.parts ?? [];
  const text = parts
    .filter((p) => typeof p.text === 'string' && !p.thought)
    .map((p) => p.text)
    .join('');
  const toolCalls: ToolCall[] = parts.flatMap((p, i): ToolCall[] =>
    p.functionCall && typeof p.functionCall.name === 'string'
      ? [
          {
            id: p.functionCall.id || `${LOCAL_ID}${i + 1}`,
            name: p.functionCall.name,
            arguments: JSON.stringify(p.functionCall.args ?? {}),
          },
        ]
      : [],
  );
  return { text, toolCalls, ...(toolCalls.length > 0 && content ? { native: content } : {}) };
}

export function geminiChatModel(client: GoogleGenAI, model: string): ChatModel {
  return {
    async chat(conversation, tools): Promise<ModelReply> {
      const response = await client.models.generateContent({
        model,
        contents: toGeminiContents(conversation),
        config: {
          systemInstruction: conversation.system,
          temperature: 0.2,
          ...(tools.length > 0 ? { tools: toGeminiTools(tools) } : {}),
          automaticFunctionCalling: { disable: true },
        },
      });
      return replyOf(response.candidates?.[0]?.content);
    },
  };
}
