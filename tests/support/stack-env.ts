/** Where the tests find the local stack; overridable so a second gateway can be tested on its own port. */
import { ANON_KEY, config, SERVICE_ROLE_KEY, JWT_SECRET, dbUrl } from '../../stack/src/config.ts';

export const API_URL = process.env.STACK_API_URL ?? `http://127.0.0.1:${config.apiPort}`;
export const DB_URL = dbUrl();
export { ANON_KEY, SERVICE_ROLE_KEY, JWT_SECRET };

export async function isStackUp(): Promise<boolean> {
  try {
    const res = await fetch(`${API_URL}/auth/v1/health`, {
      headers: { apikey: ANON_KEY },
      signal: AbortSignal.timeout(1500),
    });
    return res.ok;
  } catch {
    return false;
  }
}
