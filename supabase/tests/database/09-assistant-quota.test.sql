-- The assistant's monthly quota: 25 questions per calendar month on the free plan, unlimited on
-- premium, counted per company and month; refunds need the counting call's reservation; only a
-- signed-in company may count, and only for itself.
begin;
\ir _helpers.psql
select plan(26);

create function tests.questions(company_id uuid, month date default date_trunc('month', now() at time zone 'America/Toronto')::date)
returns integer language sql stable security definer
  as $$ select coalesce((select questions from public.ai_usage u where u.company_id = $1 and u.month = $2), 0) $$;
create function tests.set_questions(company_id uuid, n integer) returns void language sql security definer
  as $$ insert into public.ai_usage (company_id, month, questions)
        values ($1, date_trunc('month', now() at time zone 'America/Toronto')::date, $2)
        on conflict (company_id, month) do update set questions = excluded.questions $$;
grant execute on function tests.questions(uuid, date), tests.set_questions(uuid, integer) to authenticated;

-- The constant -------------------------------------------------------------------------------------
select tests.authenticate_as(tests.owner());
select is(public.assistant_free_question_limit(), 25, 'The free plan allows 25 assistant questions a month');

-- Counting on the free plan -----------------------------------------------------------------------
select is((select remaining from public.use_assistant_question()), 24,
  'The first question of the month leaves 24');
select is(tests.questions(tests.owner()), 1, 'The first question is counted in ai_usage for this month');
select tests.set_questions(tests.owner(), 23);
select is((select remaining from public.use_assistant_question()), 1, 'The 24th question leaves 1');
select is((select remaining from public.use_assistant_question()), 0, 'The 25th question is answered and leaves 0');
select throws_ok($$ select * from public.use_assistant_question() $$, 'P0001',
  'You have used all 25 assistant questions of the free plan this month. Go Premium for unlimited questions.',
  'The 26th question of a free-plan company is refused with a sentence offering Premium');
select is(tests.questions(tests.owner()), 25, 'A refused question is not counted');

-- Refunds ----------------------------------------------------------------------------------------
select tests.set_questions(tests.owner(), 10);
create temporary table reservation on commit drop as select * from public.use_assistant_question();
grant select on reservation to authenticated;
select is(tests.questions(tests.owner()), 11, 'Counting a question adds one');
select is(public.refund_assistant_question((select reservation_id from reservation)), 15,
  'A refunded question comes back: 15 left again');
select is(tests.questions(tests.owner()), 10, 'The refund removes the question from ai_usage');
select throws_ok($$ select public.refund_assistant_question((select reservation_id from reservation)) $$, 'P0001',
  'This assistant question cannot be given back', 'A question is refunded at most once');
select throws_ok($$ select public.refund_assistant_question(gen_random_uuid()) $$, 'P0001',
  'This assistant question cannot be given back', 'A made-up reservation refunds nothing');
select is(tests.questions(tests.owner()), 10, 'Failed refunds leave the count unchanged');

-- Another company cannot refund the owner's reservation.
create temporary table owner_reservation on commit drop as select * from public.use_assistant_question();
grant select on owner_reservation to authenticated;
select tests.authenticate_as(tests.other_company());
select throws_ok($$ select public.refund_assistant_question((select reservation_id from owner_reservation)) $$,
  'P0001', 'This assistant question cannot be given back', 'A company cannot refund another company''s question');

-- Other companies and months are separate ----------------------------------------------------------
select tests.set_questions(tests.owner(), 25);
select is((select remaining from public.use_assistant_question()), 24,
  'Another company''s questions are counted on their own, unaffected by the owner''s full quota');
select tests.clear_authentication();
insert into public.ai_usage (company_id, month, questions)
  values (tests.owner(), (date_trunc('month', now() at time zone 'America/Toronto') - interval '1 month')::date, 25);
update public.ai_usage set month = (date_trunc('month', now() at time zone 'America/Toronto') + interval '1 month')::date
  where company_id = tests.owner() and month = date_trunc('month', now() at time zone 'America/Toronto')::date;
select tests.authenticate_as(tests.owner());
select is((select remaining from public.use_assistant_question()), 24,
  'A new calendar month starts again at 25: last month''s 25 questions do not count');
select is(tests.questions(tests.owner(), (date_trunc('month', now() at time zone 'America/Toronto') - interval '1 month')::date), 25,
  'Last month''s count is kept as it was');

-- Premium ------------------------------------------------------------------------------------------
select tests.clear_authentication();
update public.companies set premium = true where id = tests.owner();
select tests.set_questions(tests.owner(), 500);
select tests.authenticate_as(tests.owner());
select is((select remaining from public.use_assistant_question()), null::integer,
  'A premium company has no limit: remaining is null');
select is(tests.questions(tests.owner()), 501, 'Premium questions are still counted');
create temporary table premium_reservation on commit drop as select * from public.use_assistant_question();
grant select on premium_reservation to authenticated;
select is(public.refund_assistant_question((select reservation_id from premium_reservation)), null::integer,
  'A premium refund answers null remaining');

-- Who may count -------------------------------------------------------------------------------------
select tests.authenticate_as(tests.worker());
select throws_ok($$ select * from public.use_assistant_question() $$, '42501',
  'Only company accounts can use the assistant', 'A worker cannot use the assistant quota');
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.use_assistant_question() $$, '42501', null,
  'anon cannot execute use_assistant_question');
select throws_ok($$ select public.refund_assistant_question(gen_random_uuid()) $$, '42501', null,
  'anon cannot execute refund_assistant_question');
select throws_ok($$ select public.assistant_free_question_limit() $$, '42501', null,
  'anon cannot execute assistant_free_question_limit');
select tests.authenticate_as(tests.owner());
select throws_ok($$ select * from private.assistant_reservations $$, '42501', null,
  'A company cannot read the reservations');
select throws_ok($$ update public.ai_usage set questions = 0 $$, '42501', null,
  'A company still cannot reset its own count directly');

select * from finish();
rollback;
