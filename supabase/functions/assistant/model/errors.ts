// The model path's one error type. No Deno or npm imports, so the loop (and Node code such as the
// benchmark) can use it without loading a provider's SDK; providers.ts re-exports both names.

/** A failure the user may read: "Sorry, I can't help with that." is put in front of it. */
export class ModelError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ModelError';
  }
}

export const EMPTY_ANSWER = 'The assistant gave an empty answer. Please try again.';
