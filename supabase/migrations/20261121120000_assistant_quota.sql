-- Assistant quota: free-plan companies may ask the assistant 25 questions per calendar month
-- (counted in the company's own time zone), premium companies without limit. The `assistant` edge
-- function counts each question with the caller's own JWT before answering, atomically in
-- public.ai_usage, and gives the question back when the model failed or answered nothing
-- (SPEC §8), so only answered questions count.
--
-- A refund needs the reservation id that use_assistant_question returned to the function. The
-- caller never sees the function's id, so calling refund_assistant_question directly can at most
-- undo a question the caller reserved itself (and got no answer for): nothing is gained.

-- The one place the free plan's number lives; the dashboard's pricing comparison reads it too.
create function public.assistant_free_question_limit()
returns integer
language sql
immutable
security invoker
set search_path = ''
as $$
  select 25;
$$;

comment on function public.assistant_free_question_limit() is
  'The number of assistant questions a free-plan company may ask per calendar month (25). The only '
  'copy of the constant: the quota functions and the dashboard''s pricing comparison read it.';

revoke all on function public.assistant_free_question_limit() from public, anon, authenticated, service_role;
grant execute on function public.assistant_free_question_limit() to authenticated;

-- Questions counted and not yet answered or refunded. Rows older than the function's longest
-- possible run are deleted by the next question of the same company.
create table private.assistant_reservations (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id) on delete cascade,
  month date not null,
  created_at timestamptz not null default now()
);

alter table private.assistant_reservations enable row level security;

comment on table private.assistant_reservations is
  'Assistant questions counted in public.ai_usage that the assistant function may still give back '
  '(refund) if the model fails. Written only by the quota functions.';

create index assistant_reservations_company_id_created_at_idx
  on private.assistant_reservations (company_id, created_at);

revoke all on table private.assistant_reservations from public, anon, authenticated, service_role;

-- Security definer: ai_usage is service-role only (a company must not reset its own count) and the
-- reservations live in the private schema. Guarded to the caller's own company: it takes no id.
create function public.use_assistant_question()
returns table (reservation_id uuid, remaining integer)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller constant uuid := auth.uid();
  question_limit constant integer := public.assistant_free_question_limit();
  company public.companies%rowtype;
  this_month date;
  used integer;
  reservation uuid;
begin
  select * into company from public.companies c where c.id = caller;
  if caller is null or not found then
    raise exception 'Only company accounts can use the assistant' using errcode = 'insufficient_privilege';
  end if;

  this_month := date_trunc('month', now() at time zone company.time_zone)::date;

  -- One statement, so two questions at once cannot both take the last free place: the conflicting
  -- row is locked and the limit re-checked on it.
  insert into public.ai_usage as u (company_id, month, questions)
  values (caller, this_month, 1)
  on conflict (company_id, month) do update
    set questions = u.questions + 1
    where company.premium or u.questions < question_limit
  returning u.questions into used;

  if used is null then
    raise exception 'You have used all % assistant questions of the free plan this month. Go Premium for unlimited questions.',
      question_limit
      using errcode = 'P0001';
  end if;

  delete from private.assistant_reservations r
  where r.company_id = caller and r.created_at < now() - interval '15 minutes';
  insert into private.assistant_reservations (company_id, month) values (caller, this_month)
  returning id into reservation;

  return query select reservation,
    case when company.premium then null else greatest(question_limit - used, 0) end;
end;
$$;

comment on function public.use_assistant_question() is
  'Counts one assistant question for the calling company this month and returns a reservation id '
  '(for refund_assistant_question) and the questions left (null on premium). Raises a plain sentence '
  'when a free-plan company has used all of them. Security definer because ai_usage is not writable '
  'by companies; it only ever counts for the caller''s own company.';

revoke all on function public.use_assistant_question() from public, anon, authenticated, service_role;
grant execute on function public.use_assistant_question() to authenticated;

create function public.refund_assistant_question(reservation_id uuid)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller constant uuid := auth.uid();
  question_limit constant integer := public.assistant_free_question_limit();
  refunded_month date;
  used integer;
  is_premium boolean;
begin
  delete from private.assistant_reservations r
  where r.id = refund_assistant_question.reservation_id and r.company_id = caller
  returning r.month into refunded_month;
  if refunded_month is null then
    raise exception 'This assistant question cannot be given back' using errcode = 'P0001';
  end if;

  update public.ai_usage u
  set questions = greatest(u.questions - 1, 0)
  where u.company_id = caller and u.month = refunded_month
  returning u.questions into used;

  select c.premium into is_premium from public.companies c where c.id = caller;
  return case when is_premium then null else greatest(question_limit - coalesce(used, 0), 0) end;
end;
$$;

comment on function public.refund_assistant_question(uuid) is
  'Gives back a question counted by use_assistant_question (the model failed or answered nothing) '
  'and returns the questions left (null on premium). Needs the reservation id, which only the '
  'counting call returned, and only for the caller''s own company. Security definer because '
  'ai_usage is not writable by companies.';

revoke all on function public.refund_assistant_question(uuid) from public, anon, authenticated, service_role;
grant execute on function public.refund_assistant_question(uuid) to authenticated;
