-- public.assistant_questions_left(p_at): the free plan's assistant questions left this month as the
-- dashboard shows them before the first question; the same figure the counting function answers,
-- null on premium, only for the calling company itself, and read-only.
begin;
\ir _helpers.psql
select plan(19);

create function tests.this_month() returns date language sql stable
  as $$ select date_trunc('month', now() at time zone 'America/Toronto')::date $$;
create function tests.set_questions(company_id uuid, n integer, month date default tests.this_month())
returns void language sql security definer
  as $$ insert into public.ai_usage (company_id, month, questions) values ($1, $3, $2)
        on conflict (company_id, month) do update set questions = excluded.questions $$;
create function tests.usage_rows(company_id uuid) returns bigint language sql stable security definer
  as $$ select count(*) from public.ai_usage u where u.company_id = $1 $$;
grant execute on function tests.this_month(), tests.set_questions(uuid, integer, date), tests.usage_rows(uuid)
  to authenticated;

-- Free plan ----------------------------------------------------------------------------------------
select tests.authenticate_as(tests.owner());
select is(public.assistant_questions_left(), 25,
  'A free company that has asked nothing this month has all 25 questions left');
select is(tests.usage_rows(tests.owner()), 0::bigint, 'Reading the questions left does not create a usage row');

select is((select remaining from public.use_assistant_question()), 24, 'Asking one question leaves 24');
select is(public.assistant_questions_left(), 24,
  'The questions left agree with what the counting function answered');

create temporary table reservation on commit drop as select * from public.use_assistant_question();
grant select on reservation to authenticated;
select is(public.assistant_questions_left(), 23, 'A question being answered is already counted');
select is(public.refund_assistant_question((select reservation_id from reservation)), 24,
  'A refunded question comes back');
select is(public.assistant_questions_left(), 24, 'The questions left include a refunded question again');

select tests.set_questions(tests.owner(), 24);
select is(public.assistant_questions_left(), 1, 'After 24 questions, 1 is left');
select tests.set_questions(tests.owner(), 25);
select is(public.assistant_questions_left(), 0, 'After all 25 questions, 0 are left');
select tests.set_questions(tests.owner(), 40);
select is(public.assistant_questions_left(), 0, 'A count above the limit still reads 0 left, never a negative number');

-- Months and companies are separate ------------------------------------------------------------------
select tests.set_questions(tests.owner(), 0);
select tests.set_questions(tests.owner(), 25, (tests.this_month() - interval '1 month')::date);
select is(public.assistant_questions_left(), 25, 'Last month''s questions do not count this month');
select is(public.assistant_questions_left(now() - interval '1 month'), 0,
  'Asked as of last month (the assistant''s plan_usage passes its own now), last month''s count is read');

select tests.set_questions(tests.other_company(), 25);
select is(public.assistant_questions_left(), 25, 'Another company''s questions do not count against the owner');
select tests.authenticate_as(tests.other_company());
select is(public.assistant_questions_left(), 0, 'Each company reads its own count: the other company has 0 left');

-- Premium ------------------------------------------------------------------------------------------
select tests.clear_authentication();
update public.companies set premium = true where id = tests.owner();
select tests.authenticate_as(tests.owner());
select is(public.assistant_questions_left(), null::integer, 'A premium company has no limit: null');

-- Who may ask --------------------------------------------------------------------------------------
select tests.authenticate_as(tests.worker());
select throws_ok($$ select public.assistant_questions_left() $$, '42501',
  'Only company accounts can use the assistant', 'A worker is told the assistant is for company accounts');
select tests.authenticate_as_anon();
select throws_ok($$ select public.assistant_questions_left() $$, '42501', null,
  'anon cannot execute assistant_questions_left');
select tests.authenticate_as_service_role();
select throws_ok($$ select public.assistant_questions_left() $$, '42501', null,
  'service_role cannot execute assistant_questions_left (it has no company of its own)');
select tests.clear_authentication();

select ok(
  (select p.prosecdef and p.provolatile = 's' and p.proconfig = array['search_path=""']
   from pg_proc p where p.oid = 'public.assistant_questions_left(timestamptz)'::regprocedure),
  'assistant_questions_left is a stable security definer function with an empty search_path');

select * from finish();
rollback;
