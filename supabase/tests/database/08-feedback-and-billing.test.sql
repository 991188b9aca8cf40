-- feedback_responses: insertable and readable by their company only, one per company, answers
-- limited to SPEC §3's values; submitting sets companies.feedback_given. ai_usage and
-- stripe_events belong to the service role alone.
begin;
\ir _helpers.psql
select plan(30);

create function tests.feedback_given(company_id uuid) returns boolean language sql stable security definer
  as $$ select feedback_given from public.companies where id = company_id $$;
grant execute on function tests.feedback_given(uuid) to anon, authenticated, service_role;

-- insert ------------------------------------------------------------------------------------------
select tests.authenticate_as(tests.owner());
select throws_ok($$ insert into public.feedback_responses (satisfaction) values (6) $$, '23514', null,
  'Satisfaction is on a 1 to 5 scale');
select throws_ok($$ insert into public.feedback_responses (most_feature) values ('Payroll') $$, '23514', null,
  'The most valued feature is one of SPEC''s four');
select throws_ok($$ insert into public.feedback_responses (pmf) values ('Thrilled') $$, '23514', null,
  'The disappointment answer is one of SPEC''s three');
select throws_ok($$ insert into public.feedback_responses (frustrating, support) values ('Maybe', 'Yes') $$, '23514', null,
  'Yes/No questions accept only Yes or No');
select throws_ok($$ insert into public.feedback_responses (company_id, satisfaction) values (tests.other_company(), 1) $$,
  '42501', 'new row violates row-level security policy for table "feedback_responses"',
  'A company cannot submit feedback in another company''s name');
select ok(not tests.feedback_given(tests.owner()), 'Rejected submissions leave the feedback flag false');
select is(tests.affected($$ insert into public.feedback_responses (satisfaction, reason, frustrating, frustrating_detail,
    most_feature, wish_feature, goal_help, pmf, support, more_valuable, change_one, other_feedback)
  values (5, 'Fast cover', 'Yes', 'Too many clicks', 'CareCover AI', 'Recurring shifts', 4, 'Very disappointed', 'No',
          'Live status', 'Bulk posting', 'Thanks') $$), 1,
  'A company submits its feedback with every SPEC answer');
select ok(tests.feedback_given(tests.owner()), 'Submitting feedback sets the company''s feedback flag');
select throws_ok($$ insert into public.feedback_responses (satisfaction) values (3) $$, 'P0001',
  'Your feedback has already been received', 'A company submits feedback only once');
select throws_ok($$ insert into public.feedback_responses (satisfaction, created_at) values (3, now()) $$, '42501', null,
  'A company cannot set the submission time');
select tests.authenticate_as(tests.worker());
select throws_ok($$ insert into public.feedback_responses (satisfaction) values (1) $$, '23503', null,
  'An employed worker cannot submit company feedback (no company row of their own)');
select throws_ok($$ insert into public.feedback_responses (company_id, satisfaction) values (tests.owner(), 1) $$, '42501', null,
  'An employed worker cannot submit feedback for their employer');
select tests.authenticate_as(tests.outsider());
select throws_ok($$ insert into public.feedback_responses (company_id, satisfaction) values (tests.other_company(), 1) $$, '42501', null,
  'An unemployed worker cannot submit feedback for a company');
select tests.authenticate_as_anon();
select throws_ok($$ insert into public.feedback_responses (satisfaction) values (1) $$, '42501', null,
  'anon cannot submit feedback');

-- select, update, delete --------------------------------------------------------------------------
select tests.authenticate_as(tests.owner());
select results_eq($$ select company_id, satisfaction, most_feature from public.feedback_responses $$,
  $$ values (tests.owner(), 5::smallint, 'CareCover AI') $$, 'A company reads its own feedback');
select throws_ok($$ update public.feedback_responses set satisfaction = 1 $$, '42501', null,
  'A company cannot rewrite its feedback');
select throws_ok($$ delete from public.feedback_responses $$, '42501', null, 'A company cannot delete its feedback');
select tests.authenticate_as(tests.other_company());
select is((select count(*) from public.feedback_responses), 0::bigint, 'Another company cannot read the owner''s feedback');
select throws_ok($$ delete from public.feedback_responses $$, '42501', null, 'Another company cannot delete feedback');
select tests.authenticate_as(tests.worker());
select is((select count(*) from public.feedback_responses), 0::bigint, 'An employed worker cannot read their employer''s feedback');
select throws_ok($$ update public.feedback_responses set reason = 'x' $$, '42501', null, 'A worker cannot edit feedback');
select tests.authenticate_as(tests.outsider());
select is((select count(*) from public.feedback_responses), 0::bigint, 'An unemployed worker cannot read feedback');
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.feedback_responses $$, '42501', null, 'anon cannot read feedback');

-- Service-role tables -------------------------------------------------------------------------------
select tests.authenticate_as(tests.owner());
select throws_ok($$ select * from public.ai_usage $$, '42501', null, 'A company cannot read AI usage counts');
select throws_ok($$ insert into public.ai_usage (company_id, month) values (tests.owner(), date_trunc('month', now())) $$,
  '42501', null, 'A company cannot reset its own AI usage');
select throws_ok($$ select * from public.stripe_events $$, '42501', null, 'A company cannot read processed Stripe events');
select tests.authenticate_as(tests.worker());
select throws_ok($$ insert into public.stripe_events (id) values ('evt_forged') $$, '42501', null,
  'A worker cannot forge Stripe events');
select tests.authenticate_as_service_role();
select is(tests.affected($$ insert into public.ai_usage (company_id, month, questions)
                             values (tests.owner(), date_trunc('month', now())::date, 1)
                             on conflict (company_id, month) do update set questions = public.ai_usage.questions + 1 $$), 1,
  'The service role counts AI questions per company and month');
select is(tests.affected($$ insert into public.stripe_events (id, type) values ('evt_1', 'checkout.session.completed')
                             on conflict do nothing $$), 1,
  'The service role records a processed Stripe event');
select is(tests.affected($$ insert into public.stripe_events (id, type) values ('evt_1', 'checkout.session.completed')
                             on conflict do nothing $$), 0,
  'A redelivered Stripe event is recognised as already processed');

select * from finish();
rollback;
