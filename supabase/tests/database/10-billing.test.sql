-- Billing: only the service role (the Stripe functions) may make a company premium or store its
-- Stripe customer id, directly or by recording a webhook event in stripe_events (whose trigger
-- applies it); an event applies once; premium lifts the free plan's shift limit at once.
begin;
\ir _helpers.psql
select plan(31);

create function tests.billing_of(company_id uuid) returns table (premium boolean, stripe_customer_id text)
  language sql stable security definer
  as $$ select premium, stripe_customer_id from public.companies where id = company_id $$;
grant execute on function tests.billing_of(uuid) to anon, authenticated, service_role;

-- starts_with, not LIKE: in a LIKE pattern the underscores of 'evt_t_' match any character, so a
-- real event left by earlier local use (evt_ and random characters) would be counted too.
create function tests.events_recorded(prefix text) returns bigint language sql stable security definer
  as $$ select count(*) from public.stripe_events where starts_with(id, prefix) $$;
grant execute on function tests.events_recorded(text) to anon, authenticated, service_role;

-- How the webhook records an event (postgrest-js upsert with ignoreDuplicates).
create function tests.record_event(event_id text, company_id uuid, customer_id text, premium boolean)
returns integer language sql as $$
  select tests.affected(format(
    'insert into public.stripe_events (id, type, company_id, customer_id, premium) values (%L, %L, %L, %L, %L) '
    'on conflict (id) do nothing', event_id, 'checkout.session.completed', company_id, customer_id, premium))
$$;
grant execute on function tests.record_event(text, uuid, text, boolean) to anon, authenticated, service_role;

-- nobody but the service role ----------------------------------------------------------------------
select ok(not has_function_privilege('service_role', 'private.apply_stripe_event()', 'execute')
          and not has_function_privilege('authenticated', 'private.apply_stripe_event()', 'execute')
          and not has_function_privilege('anon', 'private.apply_stripe_event()', 'execute'),
  'The trigger function that applies events cannot be called by any API role');
select is((select prosecdef from pg_proc where oid = 'private.apply_stripe_event()'::regprocedure), false,
  'Applying an event runs with the inserting role''s rights (security invoker)');

select tests.authenticate_as(tests.owner());
select throws_ok($$ select tests.record_event('evt_t_forged', tests.owner(), 'cus_tForged', true) $$,
  '42501', null, 'A company cannot record a Stripe event to make itself premium');
select throws_ok($$ update public.companies set premium = true where id = tests.owner() $$,
  '42501', null, 'A company cannot set its own premium flag');
select throws_ok($$ update public.companies set stripe_customer_id = 'cus_tForged' where id = tests.owner() $$,
  '42501', null, 'A company cannot set its own Stripe customer id');
select throws_ok($$ select * from public.stripe_events $$, '42501', null, 'A company cannot read processed Stripe events');
select tests.authenticate_as(tests.worker());
select throws_ok($$ select tests.record_event('evt_t_forged', tests.owner(), 'cus_tForged', true) $$,
  '42501', null, 'A worker cannot record a Stripe event for their employer');
select throws_ok($$ update public.companies set premium = true where id = tests.owner() $$,
  '42501', null, 'A worker cannot set their employer''s premium flag');
select tests.authenticate_as_anon();
select throws_ok($$ select tests.record_event('evt_t_forged', tests.owner(), 'cus_tForged', true) $$,
  '42501', null, 'anon cannot record a Stripe event');
select throws_ok($$ update public.companies set premium = true $$, '42501', null, 'anon cannot set premium');
select throws_ok($$ update public.companies set stripe_customer_id = 'cus_tForged' $$, '42501', null,
  'anon cannot set a Stripe customer id');
select tests.clear_authentication();
select results_eq($$ select * from tests.billing_of(tests.owner()) $$, $$ values (false, null::text) $$,
  'After every refused attempt the company is still free with no customer id');
select is(tests.events_recorded('evt_t_'), 0::bigint, 'No refused attempt recorded an event');

-- the service role --------------------------------------------------------------------------------
select tests.authenticate_as_service_role();
select is(tests.affected($$ update public.companies set stripe_customer_id = 'cus_tOther1'
                             where id = tests.other_company() and stripe_customer_id is null $$), 1,
  'The service role links a Stripe customer to a company that has none (create-checkout-session)');
select is(tests.affected($$ update public.companies set premium = true where id = tests.other_company() $$), 1,
  'The service role may set premium directly');
select throws_ok($$ select tests.record_event('evt_t_bad', tests.owner(), 'not-a-customer', true) $$, '23514', null,
  'Only Stripe customer ids (cus_…) are recorded');

-- one event, one effect ---------------------------------------------------------------------------
select is(tests.record_event('evt_t_1', tests.owner(), 'cus_tOwner', true), 1,
  'A new checkout.session.completed event is recorded');
select results_eq($$ select * from tests.billing_of(tests.owner()) $$, $$ values (true, 'cus_tOwner') $$,
  'Recording it made the company premium and stored its customer id');
select is(tests.record_event('evt_t_1', tests.owner(), 'cus_tElse', false), 0,
  'The same event id delivered again records nothing');
select results_eq($$ select * from tests.billing_of(tests.owner()) $$, $$ values (true, 'cus_tOwner') $$,
  'A replayed event changes nothing, whatever it carries');
select is(tests.events_recorded('evt_t_'), 1::bigint, 'The event id is recorded exactly once');

select is(tests.record_event('evt_t_2', null, 'cus_tOwner', null), 1,
  'An event for a known customer applies without a company id');
select results_eq($$ select * from tests.billing_of(tests.owner()) $$, $$ values (true, 'cus_tOwner') $$,
  'A null premium leaves the plan unchanged');
select is(tests.record_event('evt_t_3', null, 'cus_tOwner', false), 1,
  'A subscription that ended is recorded for its customer');
select results_eq($$ select * from tests.billing_of(tests.owner()) $$, $$ values (false, 'cus_tOwner') $$,
  'The company found by its customer id is back on the free plan');
select throws_ok($$ select tests.record_event('evt_t_4', null, 'cus_tNobody', false) $$,
  'P0002', 'No company matches this Stripe event', 'An event for an unknown customer is refused');
select is(tests.events_recorded('evt_t_'), 3::bigint,
  'A refused event is not recorded, so a later delivery can still apply it');
select is(tests.affected($$ insert into public.stripe_events (id, type) values ('evt_t_5', 'invoice.paid') $$), 1,
  'An event with nothing to apply is only marked as processed');
select results_eq($$ select * from tests.billing_of(tests.owner()) $$, $$ values (false, 'cus_tOwner') $$,
  'Marking an event as processed touches no company');

-- premium lifts the free plan's shift limit at once -------------------------------------------------
select tests.clear_authentication();
update public.companies set free_shifts_used = 10 where id = tests.owner();
select throws_ok($$ select tests.create_shift(tests.owner()) $$, 'P0001',
  'Free plan limit reached: upgrade to Premium to post more than 10 shifts',
  'A free company that used its 10 shifts cannot post an 11th');
select tests.authenticate_as_service_role();
select tests.record_event('evt_t_6', tests.owner(), 'cus_tOwner', true);
select tests.clear_authentication();
select lives_ok($$ select tests.create_shift(tests.owner()) $$,
  'Once the webhook made it premium, the same company posts its 11th shift');

select * from finish();
rollback;
