// The chat messages of SPEC §3. Plain types with no runtime imports (Node and Deno use them).

/** SPEC §3's chat message. */
export interface ChatMessage {
  sender: 'user' | 'ai';
  text: string;
}
