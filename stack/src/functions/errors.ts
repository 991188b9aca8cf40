/** The bodies the Supabase CLI's edge runtime (its `functions serve` main worker) answers with. */
import { HttpError } from '../gateway/http.ts';

const json = { 'Content-Type': 'application/json' };

export const functionErrors = {
  /** The CLI answers an unknown function in plain text, before any JWT check. */
  notFound: () => new HttpError(404, 'Function not found', { 'Content-Type': 'text/plain' }),
  missingAuthorization: () => new HttpError(401, { msg: 'Error: Missing authorization header' }, json),
  notBearer: () => new HttpError(401, { msg: "Error: Auth header is not 'Bearer {token}'" }, json),
  /** A token jose cannot even decode: the CLI sends the error's own text. */
  malformedJwt: (error: unknown) => new HttpError(401, { msg: String(error) }, json),
  invalidJwt: () => new HttpError(401, { msg: 'Invalid JWT' }, json),
  bootError: () =>
    new HttpError(503, { code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' }, json),
  workerError: () =>
    new HttpError(500, { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' }, json),
  workerLimit: () =>
    new HttpError(
      546,
      { code: 'WORKER_LIMIT', message: 'Worker failed to respond due to a resource limit (please check logs)' },
      json,
    ),
};
