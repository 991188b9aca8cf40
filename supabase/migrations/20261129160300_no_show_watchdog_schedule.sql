-- The no-show watchdog runs every minute (issue 28, part 4), on pg_cron as Supabase Cron runs it on
-- hosted projects (20261129100000_scheduled_jobs.sql). Each run is one set-based tick for every
-- agency at now(): the late alerts 10 minutes after the start, then the automatic re-posts
-- (private.watchdog_tick in 20261129160000_no_shows.sql). A minute is pg_cron's finest schedule
-- locally; the alert therefore reaches a worker between 10 and 11 minutes after their start.
select cron.schedule('no-show-watchdog', '* * * * *', 'select private.watchdog_tick()');
