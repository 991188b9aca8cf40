-- Scheduled work runs in the database (issue 28): pg_cron runs jobs on a schedule (Supabase Cron
-- on hosted projects) and pg_net lets a job call an Edge Function with net.http_post, the pattern
-- Supabase documents for scheduled Edge Functions. Both are extensions hosted Supabase offers;
-- the local stack runs the real pg_cron (Debian's postgresql-15-cron, preloaded by the stack's
-- cluster settings) and a stand-in that honours pg_net's SQL contract (docs/local-stack.md), so
-- this migration is the same in both places.
--
-- Jobs use cron syntax (minutes): the local pg_cron 1.4 has no second-based schedules, which
-- hosted pg_cron 1.5+ adds. A job that calls a function reads the project URL and the key from
-- Vault (`project_url`, `service_role_key`), as Supabase's guide does; docs/deployment.md says how
-- to store them on a hosted project, and the local stack writes its own at every start.

create extension if not exists pg_cron with schema pg_catalog;
create extension if not exists pg_net with schema extensions;

grant usage on schema cron to postgres;
grant all privileges on all tables in schema cron to postgres;
