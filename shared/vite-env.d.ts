/// <reference types="vite/client" />
interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
  /** The public half of the functions' VAPID pair, for the staff app's Web Push subscriptions. */
  readonly VITE_VAPID_PUBLIC_KEY?: string;
}
