import { errorMessage, errorMessages, isDatabaseConnectionError, isNetworkError } from '@shared/lib/errors.ts';

/** Postgres codes whose message is a guard's plain sentence written for the worker to read. */
const DATABASE_SENTENCE = /^(P0001|PT\d{3}|42501|22023)$/;

/**
 * One place that turns a failure into what the worker reads: the shared catalogue for network,
 * database and auth failures, the database's own sentence for a refused action (shift taken,
 * too early to clock in, wrong code limit), and this app's own errors' messages.
 */
export function staffErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return errorMessages.network;
  if (isDatabaseConnectionError(error)) return errorMessages.database;
  if (typeof error !== 'object' || error === null) return errorMessages.unknown;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === undefined && error instanceof Error && error.message) return error.message;
  if (typeof code === 'string' && DATABASE_SENTENCE.test(code) && typeof message === 'string' && message)
    return message;
  return errorMessage(error);
}
