-- Billing and AI usage state for the assistant and Stripe issues: the assistant's monthly question
-- count per company, and the Stripe webhook event ids already processed (idempotency). Only the
-- service role (edge functions) reads or writes them; RLS is on with no policies, so API clients
-- see nothing even if a grant slips.

create table public.ai_usage (
  company_id uuid not null references public.companies (id) on delete cascade,
  month date not null,
  questions integer not null default 0,
  primary key (company_id, month),
  constraint ai_usage_month_first_day check (month = date_trunc('month', month)::date),
  constraint ai_usage_questions_not_negative check (questions >= 0)
);

alter table public.ai_usage enable row level security;

comment on table public.ai_usage is
  'Assistant questions asked per company and calendar month (month = first day), counted by the '
  'assistant function to apply the free plan''s limit. Service role only.';

create table public.stripe_events (
  id text primary key,
  type text,
  received_at timestamptz not null default now()
);

alter table public.stripe_events enable row level security;

comment on table public.stripe_events is
  'Stripe webhook event ids already processed, so a redelivered event changes nothing. Service role only.';

revoke all on table public.ai_usage from anon, authenticated, service_role;
revoke all on table public.stripe_events from anon, authenticated, service_role;
grant select, insert, update, delete on table public.ai_usage to service_role;
grant select, insert, update, delete on table public.stripe_events to service_role;
