/// <reference types="vite/client" />
interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
  /** The public half of the functions' VAPID pair, for the staff app's Web Push subscriptions. */
  readonly VITE_VAPID_PUBLIC_KEY?: string;
}

/** A message catalogue's URL (scripts/vite-lingui-catalogues.ts compiles it to a JSON file). */
declare module '*.json?catalogue' {
  const url: string;
  export default url;
}
