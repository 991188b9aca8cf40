import type { Deps, Service } from '../gateway/server.ts';
import { HttpError } from '../gateway/http.ts';

export function createAuthService(_deps: Deps): { service: Service; close(): Promise<void> } {
  return {
    service: async () => {
      throw new HttpError(501, { message: 'auth not built yet' });
    },
    close: async () => undefined,
  };
}
