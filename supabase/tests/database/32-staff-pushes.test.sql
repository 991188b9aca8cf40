-- Device pushes the database decides (issue 28): the late alert, Re-post's offers and credential
-- expiry reminders, every tick with an explicit clock (p_now). Who is pushed and who is not, the
-- outbox rows (public.staff_pushes) and the one sendnotification call per tick queued in
-- net.http_request_queue with { batchID } and the service role key, what the delivery view says
-- when a push stopped being true, idempotent ticks, the reminders' thresholds, zone and wording, and
-- that nobody reads anybody else's pushes or reminders.
begin;
\ir _helpers.psql
select plan(68);

update public.companies set premium = true where id in (tests.owner(), tests.other_company());

create temporary table ids (name text primary key, id uuid) on commit drop;
grant select on ids to authenticated, anon, service_role;
create function tests.shift(name text) returns uuid language sql stable as $$ select id from ids where ids.name = shift.name $$;
create function tests.post(name text, company uuid, starts interval, holder uuid default null) returns void
language plpgsql as $$
begin
  insert into ids select name, tests.create_shift(company);
  update public.shifts set starts_at = now() + starts, ends_at = now() + starts + interval '8 hours'
  where id = tests.shift(name);
  if holder is not null then
    update public.shifts set accepted_by = holder, accepted_at = now() - interval '1 day' where id = tests.shift(name);
  end if;
end;
$$;
-- The pushes recorded about a shift or a credential, as the superuser reads them.
create function tests.pushes_about(subject uuid) returns table (kind text, staff_id uuid, title text, body text)
language sql stable security definer as $$
  select p.kind, p.staff_id, p.title, p.body from public.staff_pushes p
  where p.shift_id = subject or p.credential_id = subject order by p.created_at, p.kind, p.staff_id
$$;
create function tests.batch_of(subject uuid) returns uuid language sql stable security definer as $$
  select distinct p.batch_id from public.staff_pushes p where p.shift_id = subject or p.credential_id = subject
$$;
-- The requests queued for a batch: method, whether the URL is sendnotification's, the body, whether the
-- Authorization header carries the service role key from Vault.
create function tests.calls_for(batch uuid) returns table (method text, to_function boolean, body jsonb, as_service boolean)
language sql stable security definer as $$
  select q.method::text, q.url like '%/functions/v1/sendnotification', convert_from(q.body, 'UTF8')::jsonb,
         q.headers ->> 'Authorization' = 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')
  from net.http_request_queue q
  where convert_from(q.body, 'UTF8')::jsonb ->> 'batchID' = batch::text
$$;
create function tests.queued() returns integer language sql stable security definer as $$
  select count(*)::integer from net.http_request_queue
$$;
-- The agency's calendar (the companies' zone, Toronto, by default), and a moment of one of its days.
create function tests.today() returns date language sql stable as $$ select (now() at time zone 'America/Toronto')::date $$;
create function tests.at(days integer, local_time time) returns timestamptz language sql stable as $$
  select ((tests.today() + days) + local_time) at time zone 'America/Toronto'
$$;
create function tests.long_date(days integer) returns text language sql stable as $$
  select to_char(tests.today() + days, 'FMMonth FMDD, YYYY')
$$;
create function tests.credential(company uuid, staff uuid, kind text, expires_in integer, verified boolean default true)
returns uuid language sql as $$
  insert into public.staff_credentials (company_id, staff_id, credential_type, expires_on, verified_at, verified_by)
  values (company, staff, kind, tests.today() + expires_in,
          case when verified then now() end, case when verified then 'Office' end)
  returning id
$$;
create function tests.reminders(credential uuid) returns text[] language sql stable security definer as $$
  select coalesce(array_agg(r.days_before || ' for ' || (r.expires_on - tests.today()) order by r.sent_at, r.days_before), '{}')
  from public.credential_reminders r where r.credential_id = credential
$$;
create function tests.told(staff uuid) returns text[] language sql stable security definer as $$
  select coalesce(array_agg(n.message order by n.created_at, n.message), '{}') from public.notifications n
  where n.staff_id = staff and n.shift_id is null
$$;
grant execute on all functions in schema tests to authenticated, anon, service_role;

create function tests.w3() returns uuid language sql immutable as $$ select 'c1000000-0000-4000-8000-000000000003'::uuid $$;
create function tests.w4() returns uuid language sql immutable as $$ select 'c1000000-0000-4000-8000-000000000004'::uuid $$;
grant execute on function tests.w3(), tests.w4() to authenticated, anon, service_role;
select tests.create_user(tests.w3(), 'third@test.example',
  '{"account_type":"staff","first_name":"Tia","last_name":"Third","company_code":"TsA1"}');
select tests.create_user(tests.w4(), 'fourth@test.example',
  '{"account_type":"staff","first_name":"Fay","last_name":"Fourth","company_code":"TsB2"}');
select tests.authenticate_as(tests.outsider());
select public.join_company('TsB2');
select tests.clear_authentication();
update public.staff set push_token = 'ExponentPushToken[' || id || ']'
where id in (tests.worker(), tests.second_worker(), tests.outsider(), tests.w3(), tests.w4());

-- The late alert ------------------------------------------------------------------------------------
select tests.post('late', tests.owner(), interval '-9 minutes', tests.worker());
select tests.post('late_b', tests.other_company(), interval '-9 minutes', tests.outsider());
select tests.post('on_time', tests.owner(), interval '-5 minutes', tests.second_worker());

select private.watchdog_tick(now());
select is((select count(*)::integer from public.staff_pushes where shift_id in (tests.shift('late'), tests.shift('late_b'))), 0,
  'Nine minutes after the start nobody is pushed');

select tests.queued() as queued_before \gset
select private.watchdog_tick(now() + interval '1 minute');
select results_eq($$ select * from tests.pushes_about(tests.shift('late')) $$,
  $$ values ('late_alert', tests.worker(), 'Your shift has started', 'Your shift at 100 Queen Street West started 10 minutes ago') $$,
  'Ten minutes in, the assigned worker gets a device push: Your shift at … started 10 minutes ago');
select is((select array_agg(n.message) from public.notifications n where n.shift_id = tests.shift('late') and n.staff_id = tests.worker()
           and n.message like 'Your shift at%'),
  array['Your shift at 100 Queen Street West started 10 minutes ago'], 'beside the same sentence in the staff app');
select results_eq($$ select * from tests.pushes_about(tests.shift('late_b')) $$,
  $$ values ('late_alert', tests.outsider(), 'Your shift has started', 'Your shift at 100 Queen Street West started 10 minutes ago') $$,
  'The other agency''s late worker is pushed in the same tick');
select is(tests.batch_of(tests.shift('late')), tests.batch_of(tests.shift('late_b')),
  'Every late alert of a tick is in one batch');
select is((select count(*)::integer from public.staff_pushes where shift_id = tests.shift('on_time')), 0,
  'A worker whose shift started 6 minutes ago is not pushed');
select results_eq($$ select * from tests.calls_for(tests.batch_of(tests.shift('late'))) $$,
  $$ values ('POST', true, jsonb_build_object('batchID', tests.batch_of(tests.shift('late'))), true) $$,
  'The batch is one call of sendnotification with { batchID } and the service role key from Vault');
select is(tests.queued() - :queued_before, 1, 'One request for the whole tick, not one per worker');
select is((select count(distinct push_request_id)::integer from public.staff_pushes
           where batch_id = tests.batch_of(tests.shift('late')) and push_request_id is not null),
  1, 'Every row of the batch keeps the pg_net request that delivers it');

select tests.queued() as queued_before \gset
select private.watchdog_tick(now() + interval '2 minutes');
select private.watchdog_tick(now() + interval '4 minutes');
select is((select count(*)::integer from public.staff_pushes where shift_id = tests.shift('late')), 1,
  'Later ticks never push the same late alert again');
select is(tests.queued() - :queued_before, 0, 'and a tick with nothing to push queues no request');

-- What sendnotification reads: the service role, the worker's token, and whether it is still true.
select tests.authenticate_as_service_role();
select results_eq($$ select kind, staff_id, push_token, skip_reason, title, body from public.staff_push_deliveries
                     where shift_id = tests.shift('late') $$,
  $$ values ('late_alert', tests.worker(), 'ExponentPushToken[' || tests.worker() || ']', null::text,
             'Your shift has started', 'Your shift at 100 Queen Street West started 10 minutes ago') $$,
  'The service role reads the batch with the worker''s device token, nothing to skip');
select tests.clear_authentication();
update public.shifts set clocked_in_at = now() where id = tests.shift('late');
select tests.authenticate_as_service_role();
select is((select skip_reason from public.staff_push_deliveries where shift_id = tests.shift('late')),
  'The staff member clocked in before this alert was pushed.',
  'A worker who clocked in before the push went out is not pushed');
select tests.clear_authentication();
update public.shifts set clocked_in_at = null, accepted_by = tests.w4() where id = tests.shift('late');
select tests.authenticate_as_service_role();
select is((select skip_reason from public.staff_push_deliveries where shift_id = tests.shift('late')),
  'The staff member no longer holds this shift.', 'Nor one who no longer holds the shift');
select tests.clear_authentication();
update public.shifts set accepted_by = tests.worker() where id = tests.shift('late');

-- Re-post: the offers are pushed ---------------------------------------------------------------------------
-- w3 holds 'due' and does not show; the worker holds the overlapping 'late'. The colleague's shift
-- moves to another day, so the colleague is the one worker who may take it.
select tests.post('due', tests.owner(), interval '-16 minutes', tests.w3());
update public.shifts set starts_at = now() + interval '2 days', ends_at = now() + interval '2 days 8 hours'
where id = tests.shift('on_time');

select tests.queued() as queued_before \gset
select tests.authenticate_as(tests.owner());
select is(public.repost_shift(tests.shift('due')), 1, 'The owner re-posts; one worker may take the shift now');
select tests.clear_authentication();
select results_eq($$ select * from tests.pushes_about(tests.shift('due')) $$,
  $$ values ('repost', tests.second_worker(), 'A shift needs cover now', 'A shift that has started needs cover now. View in home page') $$,
  'The worker offered the shift gets a device push; the no-show and the worker on another shift do not');
select is((select array_agg(n.staff_id) from public.notifications n where n.shift_id = tests.shift('due')
           and n.message = 'A shift that has started needs cover now. View in home page'),
  array[tests.second_worker()], 'exactly the workers private.redispatch_shift notified');
select results_eq($$ select * from tests.calls_for(tests.batch_of(tests.shift('due'))) $$,
  $$ values ('POST', true, jsonb_build_object('batchID', tests.batch_of(tests.shift('due'))), true) $$,
  'Re-post queues one call of sendnotification with its batch');
select is(tests.queued() - :queued_before, 1, 'and only one');

select tests.authenticate_as_service_role();
select is((select skip_reason from public.staff_push_deliveries where shift_id = tests.shift('due')), null,
  'The offer is due');
select tests.clear_authentication();
update public.staff set notify_new_shifts = false where id = tests.second_worker();
select tests.authenticate_as_service_role();
select is((select skip_reason from public.staff_push_deliveries where shift_id = tests.shift('due')),
  'This staff member turned off new-shift notifications.', 'An offer is a new shift: the worker''s setting holds');
select tests.clear_authentication();
update public.staff set notify_new_shifts = true where id = tests.second_worker();
update public.shifts set accepted_by = tests.second_worker(), accepted_at = now() where id = tests.shift('due');
select tests.authenticate_as_service_role();
select is((select skip_reason from public.staff_push_deliveries where shift_id = tests.shift('due')),
  'The shift was accepted before this offer was pushed.', 'An offer of a shift already taken is not pushed');
select tests.clear_authentication();
update public.shifts set accepted_by = null, accepted_at = null where id = tests.shift('due');

-- An automatic re-post (the other agency, at 20 minutes, 'late_b' is 20 minutes in at now() + 11
-- minutes) and, in the same tick, the owner's late alert of w3 on 'late_c' (12 minutes in then).
update public.companies set auto_repost_no_shows = true, no_show_repost_after_minutes = 20 where id = tests.other_company();
select tests.post('late_c', tests.owner(), interval '-1 minutes', tests.w3());
select tests.queued() as queued_before \gset
select ok((select late_alerts >= 1 and reposts >= 1 from private.watchdog_tick(now() + interval '11 minutes')),
  'Eleven minutes on, one tick raises a late alert and makes an automatic re-post');
select results_eq($$ select * from tests.pushes_about(tests.shift('late_c')) $$,
  $$ values ('late_alert', tests.w3(), 'Your shift has started', 'Your shift at 100 Queen Street West started 12 minutes ago') $$,
  'The late alert says how late the worker is when the tick finds them');
select results_eq($$ select * from tests.pushes_about(tests.shift('late_b')) $$,
  $$ values ('late_alert', tests.outsider(), 'Your shift has started', 'Your shift at 100 Queen Street West started 10 minutes ago'),
            ('repost', tests.w4(), 'A shift needs cover now', 'A shift that has started needs cover now. View in home page') $$,
  'The automatic re-post offers the shift to the other agency''s free worker by push, never to the no-show');
select is(tests.batch_of(tests.shift('late_c')),
  (select p.batch_id from public.staff_pushes p where p.shift_id = tests.shift('late_b') and p.kind = 'repost'),
  'The tick''s late alert and its re-post''s offers are one batch');
select is(tests.queued() - :queued_before, 1, 'delivered by one call');

-- Nobody else reads the outbox ---------------------------------------------------------------------------------
select tests.authenticate_as(tests.owner());
select throws_ok($$ select count(*) from public.staff_pushes $$, '42501', null, 'An agency cannot read the outbox');
select throws_ok($$ select count(*) from public.staff_push_deliveries $$, '42501', null, 'nor the deliveries');
select throws_ok($$ insert into public.staff_pushes (batch_id, kind, staff_id, company_id, shift_id, title, body, created_at)
                   values (gen_random_uuid(), 'repost', tests.worker(), tests.owner(), tests.shift('late'), 'Hi', 'Hi', now()) $$,
  '42501', null, 'nor write a push');
select tests.authenticate_as(tests.worker());
select throws_ok($$ select count(*) from public.staff_pushes $$, '42501', null, 'A worker cannot read the outbox, not even their own pushes');
select throws_ok($$ select count(*) from public.staff_push_deliveries $$, '42501', null, 'nor the deliveries with device tokens');
select tests.authenticate_as_anon();
select throws_ok($$ select count(*) from public.staff_pushes $$, '42501', null, 'anon cannot read the outbox');
select throws_ok($$ select count(*) from public.staff_push_deliveries $$, '42501', null, 'nor the deliveries');
select tests.authenticate_as_service_role();
select ok((select count(*) from public.staff_pushes where shift_id = tests.shift('late')) = 1,
  'The service role, which sendnotification uses, reads the outbox');
select tests.clear_authentication();

-- Credential expiry reminders ---------------------------------------------------------------------------------
select tests.credential(tests.owner(), tests.worker(), 'CPR/First aid', 30) as cpr \gset
select tests.credential(tests.owner(), tests.worker(), 'TB test', 30, false) as unverified \gset
select tests.credential(tests.owner(), tests.worker(), 'Police vulnerable-sector check', -1) as expired \gset
select tests.credential(tests.owner(), tests.second_worker(), 'Driver''s licence', 45) as far \gset
select tests.credential(tests.owner(), tests.second_worker(), 'Nursing licence', 10) as ten_days \gset
select tests.credential(tests.owner(), tests.w3(), 'Nursing licence', 14) as renewed \gset
select tests.credential(tests.owner(), tests.w3(), 'Nursing licence', 400) as renewal \gset
select tests.credential(tests.other_company(), tests.outsider(), 'CPR/First aid', 14) as other_cpr \gset
select tests.credential(tests.other_company(), tests.w4(), 'TB test', 14) as leaver \gset
select tests.authenticate_as(tests.w4());
select public.leave_company(tests.other_company());
select tests.clear_authentication();

select lives_ok($$ select private.credential_reminder_tick(tests.at(0, '07:00')) $$, 'A tick at 7:00 in the agency''s zone');
select is(tests.reminders(:'cpr'), '{}'::text[], 'but reminds nobody before 9:00: no phone rings at night');

select private.credential_reminder_tick(tests.at(0, '12:00'));
select is(tests.reminders(:'cpr'), array['30 for 30'], 'At noon, 30 days before its expiry, a verified credential is reminded');
select is(tests.told(tests.worker()), array[format('Your CPR/First aid expires in 30 days, on %s', tests.long_date(30))],
  'The worker is told in the staff app, with the credential type and the date');
select is((select has_unread_notifications from public.staff where id = tests.worker()), true, 'with the unread badge set');
select results_eq(format($$ select * from tests.pushes_about(%L::uuid) $$, :'cpr'),
  format($$ values ('credential_reminder', tests.worker(), 'Credential expiring soon', %L) $$,
         format('Your CPR/First aid expires in 30 days, on %s', tests.long_date(30))),
  'and on their devices, the same sentence');
select is(tests.reminders(:'ten_days'), array['14 for 10'],
  'A credential recorded with 10 days left gets the 14-day reminder, not a late 30-day one');
select is(tests.told(tests.second_worker()),
  array[format('Your Nursing licence expires in 10 days, on %s', tests.long_date(10))], 'saying how many days are left');
select is(tests.reminders(:'other_cpr'), array['14 for 14'], 'The other agency''s worker is reminded of what it recorded');
select is(tests.batch_of(:'cpr'), tests.batch_of(:'other_cpr'), 'Every reminder of a tick is one batch');
select results_eq(format($$ select * from tests.calls_for(tests.batch_of(%L::uuid)) $$, :'cpr'),
  format($$ values ('POST', true, jsonb_build_object('batchID', tests.batch_of(%L::uuid)), true) $$, :'cpr'),
  'delivered by one call of sendnotification');
select is(tests.reminders(:'unverified') || tests.reminders(:'expired') || tests.reminders(:'far'), '{}'::text[],
  'Nothing for a credential not verified, already expired, or more than 30 days away');
select is(tests.reminders(:'renewed'), '{}'::text[], 'Nor for one a longer verified credential of the same type replaced');
select is(tests.reminders(:'leaver'), '{}'::text[], 'Nor for a worker the agency no longer employs');
select is((select count(*)::integer from public.staff_pushes where credential_id in (:'unverified', :'expired', :'far', :'renewed', :'leaver')), 0,
  'and none of them is pushed');

select tests.queued() as queued_before \gset
select private.credential_reminder_tick(tests.at(0, '13:00'));
select private.credential_reminder_tick(tests.at(1, '12:00'));
select is(tests.reminders(:'cpr'), array['30 for 30'], 'Later ticks never send the same reminder twice');
select is(cardinality(tests.told(tests.worker())), 1, 'nor tell the worker twice');
select is((select count(*)::integer from public.staff_pushes where credential_id = :'cpr'), 1, 'nor push twice');
select is(tests.queued() - :queued_before, 0, 'and queue nothing');

select private.credential_reminder_tick(tests.at(16, '09:00'));
select is(tests.reminders(:'cpr'), array['30 for 30', '14 for 30'], '14 days before, the second reminder');
select is((tests.told(tests.worker()))[2], format('Your CPR/First aid expires in 14 days, on %s', tests.long_date(30)),
  'saying 14 days');
select private.credential_reminder_tick(tests.at(29, '20:59'));
select is((tests.told(tests.worker()))[3], format('Your CPR/First aid expires tomorrow, %s', tests.long_date(30)),
  'The day before, the last: expires tomorrow');
select private.credential_reminder_tick(tests.at(30, '10:00'));
select is(tests.reminders(:'cpr'), array['30 for 30', '14 for 30', '1 for 30'], 'Three reminders in all');

-- Renewed with a later date: reminded again, for the new date.
update public.staff_credentials set expires_on = tests.today() + 60 where id = :'cpr';
select private.credential_reminder_tick(tests.at(31, '10:00'));
select is((tests.told(tests.worker()))[4], format('Your CPR/First aid expires in 29 days, on %s', tests.long_date(60)),
  'A renewed credential is reminded again, of its new date');

-- The reminders, for every role
select tests.authenticate_as(tests.owner());
select is((select count(*)::integer from public.credential_reminders where credential_id = :'cpr'), 4,
  'The agency reads the reminders of the credentials it recorded');
select is((select count(*)::integer from public.credential_reminders where credential_id = :'other_cpr'), 0,
  'but not another agency''s');
select throws_ok($$ insert into public.credential_reminders (credential_id, days_before, expires_on, staff_id, company_id, sent_at)
                   values (gen_random_uuid(), 30, current_date, tests.worker(), tests.owner(), now()) $$,
  '42501', null, 'The agency cannot write a reminder');
select throws_ok($$ delete from public.credential_reminders $$, '42501', null, 'nor delete one (which would send it again)');
select tests.authenticate_as(tests.worker());
select is((select count(*)::integer from public.credential_reminders where staff_id = tests.worker()), 4,
  'The worker reads their own reminders');
select is((select count(*)::integer from public.credential_reminders where staff_id <> tests.worker()), 0,
  'and nobody else''s');
select tests.authenticate_as_anon();
select throws_ok($$ select count(*) from public.credential_reminders $$, '42501', null, 'anon cannot read reminders');
select tests.clear_authentication();

-- pg_cron runs them --------------------------------------------------------------------------------------------
select is((select row(j.schedule, j.command)::text from cron.job j where j.jobname = 'credential-reminders'),
  row('5 * * * *', 'select private.credential_reminder_tick()')::text,
  'pg_cron runs the reminders every hour, so each agency''s go out in its first morning hour');
select is((select j.schedule from cron.job j where j.jobname = 'purge-staff-pushes'), '23 3 * * *',
  'and empties the outbox of pushes older than a week every night');

select * from finish();
rollback;
