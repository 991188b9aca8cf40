import { loadStaffSupabase as loadSupabase } from '../../../lib/supabase.ts';

/** Stores this device's subscription for the worker (the database refuses another worker's endpoint). */
export async function savePushSubscription(subscription: PushSubscription): Promise<void> {
  const json = subscription.toJSON();
  const supabase = await loadSupabase();
  const { error } = await supabase.rpc('save_web_push_subscription', {
    endpoint: subscription.endpoint,
    p256dh: json.keys?.p256dh ?? '',
    auth: json.keys?.auth ?? '',
    user_agent: navigator.userAgent.slice(0, 500),
  });
  if (error) throw error;
}

export async function deletePushSubscription(endpoint: string): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.rpc('delete_web_push_subscription', { endpoint });
  if (error) throw error;
}
