-- Feedback responses (SPEC §3 answers, with their allowed values): one per company, insertable
-- and readable by that company only. Submitting sets companies.feedback_given, which the company
-- cannot write itself.

create table public.feedback_responses (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null default auth.uid() references public.companies (id) on delete cascade,
  satisfaction smallint,
  reason text,
  frustrating text,
  frustrating_detail text,
  most_feature text,
  wish_feature text,
  goal_help smallint,
  pmf text,
  support text,
  more_valuable text,
  change_one text,
  other_feedback text,
  created_at timestamptz not null default now(),
  constraint feedback_responses_company_id_key unique (company_id),
  constraint feedback_responses_satisfaction_scale check (satisfaction between 1 and 5),
  constraint feedback_responses_frustrating_option check (frustrating in ('Yes', 'No')),
  constraint feedback_responses_most_feature_option check (
    most_feature in ('Shift Call', 'CareCover AI', 'Shift List', 'Staff List')
  ),
  constraint feedback_responses_goal_help_scale check (goal_help between 1 and 5),
  constraint feedback_responses_pmf_option check (
    pmf in ('Very disappointed', 'Somewhat disappointed', 'Not disappointed')
  ),
  constraint feedback_responses_support_option check (support in ('Yes', 'No'))
);

alter table public.feedback_responses enable row level security;

comment on table public.feedback_responses is
  'Answers to the in-app feedback survey, at most one per company.';

create policy "Companies can view their own feedback"
  on public.feedback_responses for select
  to authenticated
  using (company_id = (select auth.uid()));

create policy "Companies can submit their own feedback"
  on public.feedback_responses for insert
  to authenticated
  with check (company_id = (select auth.uid()));

revoke all on table public.feedback_responses from anon, authenticated, service_role;
grant select on table public.feedback_responses to authenticated;
grant insert (company_id, satisfaction, reason, frustrating, frustrating_detail, most_feature,
              wish_feature, goal_help, pmf, support, more_valuable, change_one, other_feedback)
  on table public.feedback_responses to authenticated;
grant select, insert, update, delete on table public.feedback_responses to service_role;

-- Security definer: feedback_given is not writable by companies. Before the insert it refuses a
-- second response with a sentence (the unique constraint backs it up under concurrency); after the
-- insert, which RLS has then accepted, it sets the flag. A client inserting in another company's
-- name is left to RLS, so it learns nothing about that company.
create function private.mark_feedback_given()
returns trigger
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if tg_when = 'BEFORE' then
    if current_setting('role', true) in ('authenticated', 'anon')
       and new.company_id is distinct from (select auth.uid()) then
      return new;
    end if;
    if exists (select 1 from public.feedback_responses f where f.company_id = new.company_id) then
      raise exception 'Your feedback has already been received';
    end if;
    return new;
  end if;

  update public.companies c set feedback_given = true where c.id = new.company_id;
  return null;
end;
$$;

comment on function private.mark_feedback_given() is
  'Feedback triggers: before insert, refuses a second response from the same company; after insert, '
  'sets companies.feedback_given. Security definer because companies cannot write feedback_given.';

revoke all on function private.mark_feedback_given() from public, anon, authenticated, service_role;

create trigger check_single_response
  before insert on public.feedback_responses
  for each row execute function private.mark_feedback_given();

create trigger mark_feedback_given
  after insert on public.feedback_responses
  for each row execute function private.mark_feedback_given();
