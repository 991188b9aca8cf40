-- Assistant questions left (issue 19): the dashboard's assistant panel shows "N questions left this
-- month" to a free-plan company as soon as it opens, before any question has been asked (after each
-- answer the `assistant` function's own `remaining` takes over). The count lives in public.ai_usage,
-- which companies cannot read, so this is a read-only window on the caller's own row of it.

create function public.assistant_questions_left(p_at timestamptz default null)
returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller constant uuid := auth.uid();
  company public.companies%rowtype;
  used integer;
begin
  select * into company from public.companies c where c.id = caller;
  if caller is null or not found then
    raise exception 'Only company accounts can use the assistant' using errcode = 'insufficient_privilege';
  end if;
  if company.premium then
    return null;
  end if;

  -- The month as use_assistant_question counts it: the calendar month in the company's time zone
  -- (of p_at when given: the assistant's plan_usage tool asks as of its own "now").
  select u.questions into used
  from public.ai_usage u
  where u.company_id = caller
    and u.month = date_trunc('month', coalesce(p_at, now()) at time zone company.time_zone)::date;

  return greatest(public.assistant_free_question_limit() - coalesce(used, 0), 0);
end;
$$;

comment on function public.assistant_questions_left(timestamptz) is
  'The assistant questions the calling company has left this month (or in p_at''s month) on the free plan '
  '(null on premium), '
  'for the dashboard''s "N questions left this month" before the first question. Security definer '
  'because ai_usage is service-role only; it takes no id and reads only the caller''s own company.';

revoke all on function public.assistant_questions_left(timestamptz) from public, anon, authenticated, service_role;
grant execute on function public.assistant_questions_left(timestamptz) to authenticated;
