/** The browser's settings, checked once at start-up so a missing value fails loudly, not later. */
function required(name: 'VITE_SUPABASE_URL' | 'VITE_SUPABASE_ANON_KEY'): string {
  const value = import.meta.env[name] as string | undefined;
  if (!value) {
    throw new Error(
      `${name} is not set. Run \`npm start\` for the local stack, or set it to your hosted Supabase project's value.`,
    );
  }
  return value;
}

export const env = {
  supabaseUrl: required('VITE_SUPABASE_URL'),
  supabaseAnonKey: required('VITE_SUPABASE_ANON_KEY'),
};
