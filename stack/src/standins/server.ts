/** Stand-ins for the outside services (geocoding, Stripe, push), on their own port. */
export async function startStandins(): Promise<{ url: string; close(): Promise<void> }> {
  return { url: '', close: async () => undefined };
}
