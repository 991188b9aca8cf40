-- Web Push for the staff app (issue 18). The staff app is an installable web app: each browser or
-- device it runs on subscribes with the Push API and stores the subscription here (endpoint plus
-- the two keys RFC 8291 encrypts with), beside the Expo push_token of the native app. The
-- sendnotification function reads them with the service role, only for the staff the calling
-- company employs, and pushes through each endpoint with VAPID.
--
-- A worker manages only their own subscriptions; companies never see them (an endpoint is a
-- capability: whoever holds it and the keys can address that device's push service). Saving goes
-- through save_web_push_subscription, which replaces the caller's own row for a re-subscribed
-- endpoint and refuses an endpoint stored by another worker rather than taking it over.
--
-- staff.notify_new_shifts is the worker's own setting: with it off, no push (Expo or Web Push) is
-- sent for new shifts; the in-app notifications rows are still written by the database.

-- Subscriptions -------------------------------------------------------------------------------------
create table public.web_push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  staff_id uuid not null references public.staff (id) on delete cascade,
  endpoint text not null unique,
  p256dh text not null,
  auth text not null,
  user_agent text,
  created_at timestamptz default now(),
  last_success_at timestamptz,
  -- Push services hand out https endpoints; plain http only on loopback, for the local stand-in.
  constraint web_push_subscriptions_endpoint_url check (
    length(endpoint) <= 2048
    and (endpoint ~ '^https://[^\s/?#]+[^\s]*$'
         or endpoint ~ '^http://(127\.0\.0\.1|localhost)(:[0-9]{1,5})?/[^\s]*$')
  ),
  -- base64url (padding tolerated) of a 65-byte uncompressed P-256 point and a 16-byte secret.
  constraint web_push_subscriptions_p256dh_base64url check (
    p256dh ~ '^[A-Za-z0-9_-]{86,87}={0,2}$' and length(p256dh) between 87 and 88
  ),
  constraint web_push_subscriptions_auth_base64url check (
    auth ~ '^[A-Za-z0-9_-]{22}={0,2}$'
  ),
  constraint web_push_subscriptions_user_agent_length check (length(user_agent) <= 512)
);

alter table public.web_push_subscriptions enable row level security;

comment on table public.web_push_subscriptions is
  'Browser Push API subscriptions of the staff app, one per device and browser (PushSubscription.toJSON()). '
  'Workers manage their own rows; sendnotification reads them with the service role for the staff the '
  'calling company employs, deletes those the push service answers 404/410 for and records successes.';
comment on column public.web_push_subscriptions.staff_id is
  'The worker whose device this is; only they (and the service role) can see or delete the row.';
comment on column public.web_push_subscriptions.endpoint is
  'The push service URL of the subscription; unique, so one device belongs to one worker at a time.';
comment on column public.web_push_subscriptions.p256dh is
  'The browser''s P-256 public key (base64url, 65 bytes uncompressed) that RFC 8291 encrypts to.';
comment on column public.web_push_subscriptions.auth is
  'The 16-byte authentication secret of the subscription (base64url), mixed into the RFC 8291 keys.';
comment on column public.web_push_subscriptions.user_agent is
  'The browser that subscribed, so a worker can tell their devices apart; informational only.';
comment on column public.web_push_subscriptions.created_at is
  'When the device subscribed (or last re-subscribed: saving again replaces the row).';
comment on column public.web_push_subscriptions.last_success_at is
  'When the push service last accepted a push for this subscription (written by sendnotification).';

create index web_push_subscriptions_staff_id_idx on public.web_push_subscriptions (staff_id);

create policy "Staff can view their own web push subscriptions"
  on public.web_push_subscriptions for select
  to authenticated
  using (staff_id = (select auth.uid()));

create policy "Staff can add their own web push subscriptions"
  on public.web_push_subscriptions for insert
  to authenticated
  with check (
    staff_id = (select auth.uid())
    and exists (select 1 from public.staff s where s.id = (select auth.uid()))
  );

create policy "Staff can delete their own web push subscriptions"
  on public.web_push_subscriptions for delete
  to authenticated
  using (staff_id = (select auth.uid()));

revoke all on table public.web_push_subscriptions from anon, authenticated, service_role;
grant select, delete on table public.web_push_subscriptions to authenticated;
grant insert (staff_id, endpoint, p256dh, auth, user_agent) on table public.web_push_subscriptions to authenticated;
grant select, insert, update, delete on table public.web_push_subscriptions to service_role;

-- RPCs ----------------------------------------------------------------------------------------------
-- Security invoker: the policies above are all it needs. Workers have no update grant, so a
-- re-subscription of the same endpoint replaces the caller's own row (delete, then insert, in one
-- transaction); RLS hides other workers' rows, so an endpoint stored by another worker shows up only
-- as the unique violation of the insert, which is answered with a sentence and changes nothing.
create function public.save_web_push_subscription(
  endpoint text,
  p256dh text,
  auth text,
  user_agent text default null
)
returns uuid
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
  saved uuid;
begin
  if caller is null or not exists (select 1 from public.staff s where s.id = caller) then
    raise exception 'Only staff accounts can receive push notifications'
      using errcode = 'insufficient_privilege';
  end if;
  if save_web_push_subscription.endpoint is null
     or length(save_web_push_subscription.endpoint) > 2048
     or not (save_web_push_subscription.endpoint ~ '^https://[^\s/?#]+[^\s]*$'
             or save_web_push_subscription.endpoint ~ '^http://(127\.0\.0\.1|localhost)(:[0-9]{1,5})?/[^\s]*$') then
    raise exception 'The push subscription endpoint must be an https:// address'
      using errcode = 'invalid_parameter_value';
  end if;
  if save_web_push_subscription.p256dh is null
     or not (save_web_push_subscription.p256dh ~ '^[A-Za-z0-9_-]{86,87}={0,2}$'
             and length(save_web_push_subscription.p256dh) between 87 and 88) then
    raise exception 'The push subscription key p256dh must be a base64url P-256 public key'
      using errcode = 'invalid_parameter_value';
  end if;
  if save_web_push_subscription.auth is null
     or not save_web_push_subscription.auth ~ '^[A-Za-z0-9_-]{22}={0,2}$' then
    raise exception 'The push subscription secret auth must be 16 bytes in base64url'
      using errcode = 'invalid_parameter_value';
  end if;

  delete from public.web_push_subscriptions w
  where w.endpoint = save_web_push_subscription.endpoint and w.staff_id = caller;

  begin
    insert into public.web_push_subscriptions (staff_id, endpoint, p256dh, auth, user_agent)
    values (caller, save_web_push_subscription.endpoint, save_web_push_subscription.p256dh,
            save_web_push_subscription.auth, left(nullif(btrim(save_web_push_subscription.user_agent), ''), 512))
    returning id into saved;
  exception when unique_violation then
    -- Either another worker holds the endpoint (invisible here) or a concurrent save of the
    -- caller's own just committed it (visible): only the latter is the caller's.
    select w.id into saved from public.web_push_subscriptions w
    where w.endpoint = save_web_push_subscription.endpoint and w.staff_id = caller;
    if saved is null then
      raise exception 'This device is registered to another account. Sign out there, or turn notifications off and on again to get a new subscription'
        using errcode = 'unique_violation';
    end if;
  end;
  return saved;
end;
$$;

comment on function public.save_web_push_subscription(text, text, text, text) is
  'Staff app: store the browser''s push subscription for the caller; returns its id. Re-saving an '
  'endpoint the caller already has replaces that row with the new keys (new id); an endpoint another '
  'worker holds is refused and left untouched. Security invoker: RLS limits it to the caller''s rows.';

revoke all on function public.save_web_push_subscription(text, text, text, text) from public, anon, authenticated, service_role;
grant execute on function public.save_web_push_subscription(text, text, text, text) to authenticated;

create function public.delete_web_push_subscription(endpoint text)
returns void
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
begin
  if caller is null or not exists (select 1 from public.staff s where s.id = caller) then
    raise exception 'Only staff accounts can receive push notifications'
      using errcode = 'insufficient_privilege';
  end if;
  -- Idempotent: unsubscribing twice, or an endpoint that is not the caller's, deletes nothing.
  delete from public.web_push_subscriptions w
  where w.endpoint = delete_web_push_subscription.endpoint and w.staff_id = caller;
end;
$$;

comment on function public.delete_web_push_subscription(text) is
  'Staff app: forget the caller''s subscription for this endpoint (on sign-out or when the worker '
  'turns push off in the browser). Does nothing for an endpoint that is not the caller''s. Security '
  'invoker: RLS limits it to the caller''s rows.';

revoke all on function public.delete_web_push_subscription(text) from public, anon, authenticated, service_role;
grant execute on function public.delete_web_push_subscription(text) to authenticated;

-- The worker's setting -----------------------------------------------------------------------------
alter table public.staff add column notify_new_shifts boolean not null default true;

comment on column public.staff.notify_new_shifts is
  'The worker''s setting: push new shifts to their devices (Expo and Web Push). Off stops the pushes '
  'only; the in-app notifications are still written.';

grant update (notify_new_shifts) on table public.staff to authenticated;
