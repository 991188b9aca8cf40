// What the function-calling loop and a provider adapter exchange: a conversation in neutral turns,
// the tools a model may call, and one model answer (text, or calls to tools). Each adapter maps these
// to its own SDK's shapes. Plain types with no runtime imports (Node and Deno use them).

/** A tool as a model sees it: the declaration part of a ToolDefinition. */
export interface ToolDeclaration {
  name: string;
  description: string;
  /** JSON Schema of the arguments object. */
  parameters: Record<string, unknown>;
}

/** One call a model asked for. `arguments` is JSON text, as the model wrote it (maybe invalid). */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** The answer to one tool call: the redacted, size-capped result, or `{ error }`. */
export interface ToolResultEntry {
  callId: string;
  name: string;
  value: unknown;
  isError: boolean;
}

export type Turn =
  | { role: 'user'; text: string }
  | {
      role: 'assistant';
      text: string;
      toolCalls: ToolCall[];
      /** The provider's own message, sent back as is (Gemini's thought signatures live in it). */
      native?: unknown;
    }
  | { role: 'tool'; results: ToolResultEntry[] };

/** What a model is asked with: a system instruction and the turns so far. */
export interface Conversation {
  system: string;
  turns: Turn[];
}

/** One model answer: tool calls to run, or (none) the final text. */
export interface ModelReply {
  text: string;
  toolCalls: ToolCall[];
  native?: unknown;
}

/** A model that can call tools: what the loop needs, and what fakes implement in tests. */
export interface ChatModel {
  chat(conversation: Conversation, tools: readonly ToolDeclaration[]): Promise<ModelReply>;
}
