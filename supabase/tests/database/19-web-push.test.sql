-- Web Push subscriptions of the staff app and the worker's notify_new_shifts setting (issue 18):
-- a worker manages only their own subscriptions, through the RPCs or directly; another worker, the
-- companies and anon can neither read nor change them; the service role (sendnotification) reads,
-- records successes and deletes gone ones. An endpoint another worker holds is never taken over.
begin;
\ir _helpers.psql
select plan(61);

create function tests.key(fill text) returns text language sql immutable as $$ select 'B' || repeat(fill, 86) $$;
create function tests.secret(fill text) returns text language sql immutable as $$ select repeat(fill, 22) $$;
create function tests.endpoint(name text) returns text language sql immutable
  as $$ select 'https://push.test.example/send/' || name $$;
grant execute on all functions in schema tests to anon, authenticated, service_role;

-- The worker ----------------------------------------------------------------------------------------
select tests.authenticate_as(tests.worker());
select isnt(public.save_web_push_subscription(tests.endpoint('w-phone'), tests.key('A'), tests.secret('a'), 'Phone'),
  null, 'A worker saves a subscription through the RPC and gets its id');
select results_eq(
  $$ select staff_id, endpoint, p256dh, auth, user_agent from public.web_push_subscriptions $$,
  $$ values (tests.worker(), tests.endpoint('w-phone'), tests.key('A'), tests.secret('a'), 'Phone'::text) $$,
  'The worker sees their own subscription with its keys');
select is(tests.affected($$ insert into public.web_push_subscriptions (staff_id, endpoint, p256dh, auth)
                            values (tests.worker(), tests.endpoint('w-laptop'), tests.key('C'), tests.secret('c')) $$), 1,
  'A worker can insert their own subscription directly');
select throws_ok($$ insert into public.web_push_subscriptions (staff_id, endpoint, p256dh, auth)
                    values (tests.second_worker(), tests.endpoint('planted'), tests.key('C'), tests.secret('c')) $$,
  '42501', 'new row violates row-level security policy for table "web_push_subscriptions"',
  'A worker cannot insert a subscription for another worker');
select throws_ok($$ insert into public.web_push_subscriptions (staff_id, endpoint, p256dh, auth, last_success_at)
                    values (tests.worker(), tests.endpoint('w-x'), tests.key('C'), tests.secret('c'), now()) $$,
  '42501', 'permission denied for table web_push_subscriptions',
  'A worker cannot set last_success_at, which only sendnotification records');
select throws_ok($$ update public.web_push_subscriptions set p256dh = tests.key('Z') $$,
  '42501', 'permission denied for table web_push_subscriptions',
  'A worker cannot update a subscription directly; re-saving goes through the RPC');

-- Re-subscribing the same endpoint replaces the caller's row with the new keys.
select isnt(public.save_web_push_subscription(tests.endpoint('w-phone'), tests.key('D'), tests.secret('d'), 'Phone 2'),
  null, 'A worker re-saves the same endpoint');
select results_eq(
  $$ select p256dh, auth, user_agent from public.web_push_subscriptions where endpoint = tests.endpoint('w-phone') $$,
  $$ values (tests.key('D'), tests.secret('d'), 'Phone 2'::text) $$,
  'Re-saving leaves one row for the endpoint, with the new keys');
select is((select count(*)::int from public.web_push_subscriptions), 2,
  'The worker has their phone and laptop subscriptions, nothing duplicated');

-- Input the RPC and the table refuse, with sentences.
select throws_ok($$ select public.save_web_push_subscription('http://push.test.example/x', tests.key('A'), tests.secret('a')) $$,
  '22023', 'The push subscription endpoint must be an https:// address',
  'A plain http endpoint off loopback is refused');
select throws_ok($$ select public.save_web_push_subscription('javascript:alert(1)', tests.key('A'), tests.secret('a')) $$,
  '22023', 'The push subscription endpoint must be an https:// address',
  'A non-URL endpoint is refused');
select lives_ok($$ select public.save_web_push_subscription('http://127.0.0.1:54390/webpush/send/abc', tests.key('A'), tests.secret('a')) $$,
  'A loopback http endpoint (the local push stand-in) is accepted');
select throws_ok($$ select public.save_web_push_subscription(tests.endpoint('short'), 'BAAA', tests.secret('a')) $$,
  '22023', 'The push subscription key p256dh must be a base64url P-256 public key',
  'A p256dh key of the wrong length is refused');
select throws_ok($$ select public.save_web_push_subscription(tests.endpoint('bad-auth'), tests.key('A'), 'not base64url!') $$,
  '22023', 'The push subscription secret auth must be 16 bytes in base64url',
  'An auth secret that is not 16 base64url bytes is refused');
select throws_ok($$ insert into public.web_push_subscriptions (staff_id, endpoint, p256dh, auth)
                    values (tests.worker(), 'ftp://push.test.example/x', tests.key('A'), tests.secret('a')) $$,
  '23514', null, 'The table itself refuses an endpoint that is not https (or loopback http)');
select throws_ok($$ insert into public.web_push_subscriptions (staff_id, endpoint, p256dh, auth)
                    values (tests.worker(), tests.endpoint('k'), 'short', tests.secret('a')) $$,
  '23514', null, 'The table itself refuses a key of the wrong length');

-- Another worker ------------------------------------------------------------------------------------
select tests.authenticate_as(tests.second_worker());
select is((select count(*)::int from public.web_push_subscriptions), 0,
  'Another worker sees none of the worker''s subscriptions');
select is(tests.affected($$ delete from public.web_push_subscriptions $$), 0,
  'Another worker cannot delete the worker''s subscriptions');
select lives_ok($$ select public.delete_web_push_subscription(tests.endpoint('w-phone')) $$,
  'Deleting an endpoint that is not the caller''s is a quiet no-op');
select throws_ok($$ select public.save_web_push_subscription(tests.endpoint('w-phone'), tests.key('E'), tests.secret('e')) $$,
  '23505', 'This device is registered to another account. Sign out there, or turn notifications off and on again to get a new subscription',
  'Another worker cannot take over the worker''s endpoint');
select throws_ok($$ insert into public.web_push_subscriptions (staff_id, endpoint, p256dh, auth)
                    values (tests.second_worker(), tests.endpoint('w-phone'), tests.key('E'), tests.secret('e')) $$,
  '23505', null, 'Nor by inserting the endpoint directly');
select isnt(public.save_web_push_subscription(tests.endpoint('s-phone'), tests.key('F'), tests.secret('f')), null,
  'Another worker saves their own device');
select tests.clear_authentication();
select results_eq(
  $$ select staff_id, p256dh, auth from public.web_push_subscriptions where endpoint = tests.endpoint('w-phone') $$,
  $$ values (tests.worker(), tests.key('D'), tests.secret('d')) $$,
  'After those attempts the worker''s endpoint still belongs to the worker, with the worker''s keys');

-- An unemployed worker is still a staff account and manages their own devices.
select tests.authenticate_as(tests.outsider());
select isnt(public.save_web_push_subscription(tests.endpoint('o-phone'), tests.key('G'), tests.secret('g')), null,
  'An unemployed worker can save a subscription');
select is((select count(*)::int from public.web_push_subscriptions), 1,
  'An unemployed worker sees only their own subscription');

-- Companies -----------------------------------------------------------------------------------------
select tests.authenticate_as(tests.owner());
select is((select count(*)::int from public.web_push_subscriptions), 0,
  'The owning company cannot read its staff''s subscriptions');
select is(tests.affected($$ delete from public.web_push_subscriptions $$), 0,
  'The owning company cannot delete its staff''s subscriptions');
select throws_ok($$ insert into public.web_push_subscriptions (staff_id, endpoint, p256dh, auth)
                    values (tests.worker(), tests.endpoint('c1'), tests.key('A'), tests.secret('a')) $$,
  '42501', 'new row violates row-level security policy for table "web_push_subscriptions"',
  'The owning company cannot insert a subscription for its worker');
select throws_ok($$ insert into public.web_push_subscriptions (staff_id, endpoint, p256dh, auth)
                    values (tests.owner(), tests.endpoint('c2'), tests.key('A'), tests.secret('a')) $$,
  '42501', 'new row violates row-level security policy for table "web_push_subscriptions"',
  'A company cannot insert a subscription for itself: only staff accounts get pushes');
select throws_ok($$ select public.save_web_push_subscription(tests.endpoint('c3'), tests.key('A'), tests.secret('a')) $$,
  '42501', 'Only staff accounts can receive push notifications',
  'A company cannot save a subscription through the RPC');
select throws_ok($$ select public.delete_web_push_subscription(tests.endpoint('w-phone')) $$,
  '42501', 'Only staff accounts can receive push notifications',
  'A company cannot use the delete RPC');
select throws_ok($$ update public.web_push_subscriptions set auth = tests.secret('z') $$,
  '42501', 'permission denied for table web_push_subscriptions',
  'A company cannot update subscriptions');
select tests.authenticate_as(tests.other_company());
select is((select count(*)::int from public.web_push_subscriptions), 0,
  'Another company cannot read any subscription');
select is(tests.affected($$ delete from public.web_push_subscriptions $$), 0,
  'Another company cannot delete any subscription');
select throws_ok($$ insert into public.web_push_subscriptions (staff_id, endpoint, p256dh, auth)
                    values (tests.worker(), tests.endpoint('c4'), tests.key('A'), tests.secret('a')) $$,
  '42501', 'new row violates row-level security policy for table "web_push_subscriptions"',
  'Another company cannot insert a subscription for a worker');
select throws_ok($$ select public.save_web_push_subscription(tests.endpoint('c5'), tests.key('A'), tests.secret('a')) $$,
  '42501', 'Only staff accounts can receive push notifications',
  'Another company cannot save a subscription through the RPC');

-- anon ----------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.web_push_subscriptions $$,
  '42501', 'permission denied for table web_push_subscriptions', 'anon cannot read subscriptions');
select throws_ok($$ insert into public.web_push_subscriptions (staff_id, endpoint, p256dh, auth)
                    values (tests.worker(), tests.endpoint('anon'), tests.key('A'), tests.secret('a')) $$,
  '42501', 'permission denied for table web_push_subscriptions', 'anon cannot insert subscriptions');
select throws_ok($$ delete from public.web_push_subscriptions $$,
  '42501', 'permission denied for table web_push_subscriptions', 'anon cannot delete subscriptions');
select throws_ok($$ select public.save_web_push_subscription(tests.endpoint('anon'), tests.key('A'), tests.secret('a')) $$,
  '42501', 'permission denied for function save_web_push_subscription', 'anon cannot call the save RPC');
select throws_ok($$ select public.delete_web_push_subscription(tests.endpoint('w-phone')) $$,
  '42501', 'permission denied for function delete_web_push_subscription', 'anon cannot call the delete RPC');

-- service_role (sendnotification) -----------------------------------------------------------------
select tests.authenticate_as_service_role();
select is((select count(*)::int from public.web_push_subscriptions where staff_id in (tests.worker(), tests.second_worker())), 4,
  'The service role reads every worker''s subscriptions');
select is(tests.affected($$ update public.web_push_subscriptions set last_success_at = now()
                            where endpoint = tests.endpoint('w-laptop') $$), 1,
  'The service role records a successful push');
select is(tests.affected($$ delete from public.web_push_subscriptions where endpoint = tests.endpoint('w-laptop') $$), 1,
  'The service role deletes a subscription the push service says is gone');
select is(tests.affected($$ insert into public.web_push_subscriptions (staff_id, endpoint, p256dh, auth)
                            values (tests.second_worker(), tests.endpoint('svc-made'), tests.key('A'), tests.secret('a')) $$), 1,
  'The service role can insert a subscription (maintenance; the app goes through the RPC)');
select throws_ok($$ select public.save_web_push_subscription(tests.endpoint('svc'), tests.key('A'), tests.secret('a')) $$,
  '42501', 'permission denied for function save_web_push_subscription',
  'The service role does not use the workers'' RPCs');

-- The worker removes their own devices ------------------------------------------------------------
select tests.authenticate_as(tests.worker());
select lives_ok($$ select public.delete_web_push_subscription(tests.endpoint('w-phone')) $$,
  'A worker deletes their own subscription through the RPC');
select is((select count(*)::int from public.web_push_subscriptions where endpoint = tests.endpoint('w-phone')), 0,
  'The deleted subscription is gone');
select lives_ok($$ select public.delete_web_push_subscription(tests.endpoint('w-phone')) $$,
  'Deleting it again is a no-op, not an error');
select is(tests.affected($$ delete from public.web_push_subscriptions where endpoint like 'http://127.0.0.1%' $$), 1,
  'A worker can delete their own subscription directly');
select tests.authenticate_as(tests.second_worker());
select isnt(public.save_web_push_subscription(tests.endpoint('w-phone'), tests.key('H'), tests.secret('h')), null,
  'Once the worker has let the endpoint go, another account on that device can save it');

-- notify_new_shifts ---------------------------------------------------------------------------------
select tests.clear_authentication();
select col_default_is('public', 'staff', 'notify_new_shifts', 'true',
  'New-shift pushes are on by default');
select is((select notify_new_shifts from public.staff where id = tests.worker()), true,
  'An existing worker starts with new-shift pushes on');
select tests.authenticate_as(tests.worker());
select is(tests.affected($$ update public.staff set notify_new_shifts = false where id = tests.worker() $$), 1,
  'A worker can turn their own new-shift pushes off');
select is(tests.affected($$ update public.staff set notify_new_shifts = false where id = tests.second_worker() $$), 0,
  'A worker cannot change another worker''s setting');
select tests.authenticate_as(tests.owner());
select is(tests.affected($$ update public.staff set notify_new_shifts = true where id = tests.worker() $$), 0,
  'The employing company cannot change its worker''s setting');
select results_eq($$ select notify_new_shifts from public.staff where id = tests.worker() $$, $$ values (false) $$,
  'The employing company can read the setting (sendnotification reads it under the company''s JWT)');
select tests.authenticate_as_anon();
select throws_ok($$ update public.staff set notify_new_shifts = true where id = tests.worker() $$,
  '42501', 'permission denied for table staff', 'anon cannot change the setting');
select tests.authenticate_as_service_role();
select is(tests.affected($$ update public.staff set notify_new_shifts = true where id = tests.second_worker() $$), 1,
  'The service role can change the setting');

-- With pushes off, the in-app notification is still written.
select tests.clear_authentication();
select tests.create_shift(tests.owner());
select is((select count(*)::int from public.notifications where staff_id = tests.worker()), 1,
  'A worker with pushes off still gets the in-app notification of a new shift');

-- A worker's subscriptions go with their account.
delete from auth.users where id = tests.outsider();
select is((select count(*)::int from public.web_push_subscriptions where endpoint = tests.endpoint('o-phone')), 0,
  'Deleting a worker''s account deletes their subscriptions');

select * from finish();
rollback;
