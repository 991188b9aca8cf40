import type { Deps, Service } from '../gateway/server.ts';
import { HttpError } from '../gateway/http.ts';

export async function createFunctionsService(_deps: Deps): Promise<{ service: Service; close(): Promise<void> }> {
  return {
    service: async () => {
      throw new HttpError(501, { message: 'functions not built yet' });
    },
    close: async () => undefined,
  };
}
