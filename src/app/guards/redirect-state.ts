/** Router state carried to /login so a successful log-in returns to the page first asked for. */
export interface RedirectState {
  from?: string;
}

export function redirectTarget(state: unknown, fallback: string): string {
  const from = (state as RedirectState | null)?.from;
  return typeof from === 'string' && from.startsWith('/') ? from : fallback;
}
