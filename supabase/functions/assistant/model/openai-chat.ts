// Function calling through the official openai SDK's chat.completions, against OpenAI or any
// compatible endpoint (Ollama, vLLM, the local stack's scripted stand-in): `tools` declared as
// functions, the model's `tool_calls` turned into ToolCalls, results sent back as `role: 'tool'`
// messages. Errors are the SDK's own; providers.ts's describeModelFailure turns them into sentences.
import type OpenAI from 'npm:openai@7.57.0';
import type { ChatModel, Conversation, ModelReply, ToolCall, ToolDeclaration } from './types.ts';

type Message = OpenAI.Chat.Completions.ChatCompletionMessageParam;
type Tool = OpenAI.Chat.Completions.ChatCompletionTool;

export function toOpenAiMessages(conversation: Conversation): Message[] {
  const messages: Message[] = [{ role: 'system', content: conversation.system }];
  for (const turn of conversation.turns) {
    if (turn.role === 'user') {
      messages.push({ role: 'user', content: turn.text });
    } else if (turn.role === 'assistant') {
      messages.push(
        turn.toolCalls.length === 0
          ? { role: 'assistant', content: turn.text }
          : {
              role: 'assistant',
              content: turn.text === '' ? null : turn.text,
              tool_calls: turn.toolCalls.map((call) => ({
                id: call.id,
                type: 'function' as const,
                function: { name: call.name, arguments: call.arguments },
              })),
            },
      );
    } else {
      for (const result of turn.results) {
        messages.push({ role: 'tool', tool_call_id: result.callId, content: JSON.stringify(result.value) });
      }
    }
  }
  return messages;
}

export function toOpenAiTools(tools: readonly ToolDeclaration[]): Tool[] {
  return tools.map((t) => ({
    type: 'function',
    function: { name: t.name, description: t.description, parameters: t.parameters },
  }));
}

/** The calls of a completion's message; some compatible servers send arguments as an object, or no id. */
export function toolCallsOf(message: unknown): ToolCall[] {
  const calls = (message as { tool_calls?: unknown } | null | undefined)?.tool_calls;
  if (!Array.isArray(calls)) return [];
  return calls.flatMap((raw, i): ToolCall[] => {
    const call = raw as { id?: unknown; type?: unknown; function?: { name?: unknown; arguments?: unknown } };
    if ((call.type !== undefined && call.type !== 'function') || typeof call.function?.name !== 'string') return [];
    const args = call.function.arguments;
    return [
      {
        id: typeof call.id === 'string' && call.id !== '' ? call.id : `call_${i + 1}`,
        name: call.function.name,
        arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}),
      },
    ];
  });
}

export function openAiChatModel(client: OpenAI, model: string): ChatModel {
  return {
    async chat(conversation, tools): Promise<ModelReply> {
      const completion = await client.chat.completions.create({
        model,
        temperature: 0.2,
        messages: toOpenAiMessages(conversation),
        ...(tools.length > 0 ? { tools: toOpenAiTools(tools), tool_choice: 'auto' as const } : {}),
      });
      const message = completion.choices?.[0]?.message;
      return { text: message?.content ?? '', toolCalls: toolCallsOf(message) };
    },
  };
}
