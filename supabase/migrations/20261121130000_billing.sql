-- Billing: a Stripe webhook event is recorded and applied in one statement. The stripe-webhook
-- function (service role) inserts the event into public.stripe_events with what it means for the
-- company (premium on or off, the customer id) using `on conflict (id) do nothing`; an after-insert
-- trigger applies that to the company in the same transaction. So:
--   * a redelivered event conflicts, inserts nothing, fires nothing and changes nothing;
--   * concurrent deliveries of one event are serialised by the primary key (the second waits for
--     the first to commit, then does nothing);
--   * the webhook's 2xx follows the commit of both the record and its effect;
--   * an event whose company cannot be found raises, which rolls its record back too, so a later
--     delivery can still apply it.
-- Why a trigger and not an RPC: it adds no callable function (the service role still executes only
-- shift_status, API roles none), and who may apply an event is exactly who may insert into
-- stripe_events: the service role alone (RLS on, no policies, table grants from the billing tables
-- migration). Premium itself stays writable only by the service role and the database (column
-- grants on companies); the plan limits (10 shifts, 30 staff, AI questions) read companies.premium
-- when they are checked, so a change here lifts or restores them at once.

alter table public.stripe_events
  add column company_id uuid,
  add column customer_id text,
  add column premium boolean,
  add constraint stripe_events_customer_id_format check (customer_id ~ '^cus_[A-Za-z0-9_]+$');

comment on column public.stripe_events.company_id is
  'The company the event is for (client_reference_id or metadata.company_id); null = find it by customer_id.';
comment on column public.stripe_events.customer_id is
  'The Stripe customer of the event, stored on the company when the event applies.';
comment on column public.stripe_events.premium is
  'The plan the event leaves the company on, from the subscription''s current status; null = unchanged.';

create function private.apply_stripe_event()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  target uuid := new.company_id;
begin
  -- A bare record (an event with nothing to apply) only marks the id as processed.
  if new.company_id is null and new.customer_id is null then
    return null;
  end if;
  if target is null then
    select c.id into target from public.companies c where c.stripe_customer_id = new.customer_id;
  end if;

  update public.companies c
  set premium = coalesce(new.premium, c.premium),
      stripe_customer_id = coalesce(new.customer_id, c.stripe_customer_id)
  where c.id = target;
  if not found then
    raise exception 'No company matches this Stripe event' using errcode = 'no_data_found';
  end if;
  return null;
end;
$$;

comment on function private.apply_stripe_event() is
  'After a new Stripe event is recorded, sets its company''s premium flag (unless null) and Stripe '
  'customer id; raises (rolling the record back) when no company matches. Security invoker: only '
  'the service role can insert into stripe_events, and it may update companies.';

create trigger apply_event
  after insert on public.stripe_events
  for each row execute function private.apply_stripe_event();

revoke all on function private.apply_stripe_event() from public, anon, authenticated, service_role;
