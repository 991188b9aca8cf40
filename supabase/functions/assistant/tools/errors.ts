// The two ways a tool fails. Both carry a sentence meant for whoever called the tool: a model reads
// it as the tool's result and can retry with other arguments; the built-in assistant can say it.

/** The arguments are wrong (a model's typo, an unknown id): the sentence says what to send instead. */
export class ToolArgumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolArgumentError';
  }
}

/**
 * The data could not be read: `forbidden` when the caller is not a company account (a worker's
 * token), `unavailable` when the database or the gateway failed.
 */
export class ToolReadError extends Error {
  constructor(
    readonly reason: 'forbidden' | 'unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'ToolReadError';
  }
}
