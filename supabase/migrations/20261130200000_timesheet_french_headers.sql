-- The timesheet CSV in French too (issue 29): its column names stay the machine-stable English ones
-- by default, for payroll software that reads them; p_headers => 'fr-CA' names the columns in
-- Canadian French for a person who reads the file. The rows are the same either way (ISO dates and
-- times, the hours as numbers, the names as recorded).
--
-- A new parameter changes the function's signature, so the two-argument function is dropped and
-- this one created in its place (PostgREST calls it by argument names; the default keeps every
-- earlier call working). Its body is 20261124200000_attendance_checks.sql's, with the header chosen.

drop function public.timesheet_csv(date, date);

create function public.timesheet_csv(p_from date, p_to date, p_headers text default 'en')
returns text
language plpgsql
stable
security invoker
set search_path = ''
set timezone = 'UTC'
as $$
declare
  me constant uuid := (select auth.uid());
  zone text;
  period_start timestamptz;
  period_end timestamptz;
  body text;
begin
  if p_headers is null or p_headers not in ('en', 'fr-CA') then
    raise exception 'Column headers are en or fr-CA';
  end if;
  if p_from is null or p_to is null then
    raise exception 'Choose a start date and an end date';
  end if;
  if p_to < p_from then
    raise exception 'The end date must be on or after the start date';
  end if;
  if p_to - p_from >= 366 then
    raise exception 'The period can be at most 366 days long';
  end if;
  select c.time_zone into zone from public.companies c where c.id = me;
  if not found then
    raise exception 'Only company accounts can export timesheets' using errcode = 'insufficient_privilege';
  end if;
  perform pg_catalog.set_config('timezone', zone, true);
  period_start := p_from::timestamp at time zone zone;
  period_end := (p_to + 1)::timestamp at time zone zone;

  select string_agg(r.line, E'\r\n' order by r.starts_at, r.staff_name, r.id)
  into body
  from (
    select s.id, s.starts_at, n.staff_name,
           (select string_agg(
                     case when q.guarded ~ E'[",\r\n]' then '"' || replace(q.guarded, '"', '""') || '"'
                          else q.guarded end,
                     ',' order by f.ord)
            from unnest(array[
                   n.staff_name,
                   pg_catalog.to_char(s.starts_at, 'YYYY-MM-DD'),
                   pg_catalog.format('%s %s, %s, %s %s, %s', s.street_number, s.street_name, s.city, s.province,
                                     s.postal_code, s.country),
                   pg_catalog.to_char(s.starts_at, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM'),
                   pg_catalog.to_char(s.ends_at, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM'),
                   pg_catalog.to_char(s.clocked_in_at, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM'),
                   pg_catalog.to_char(s.clocked_out_at, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM'),
                   s.time_done,
                   pg_catalog.to_char(extract(epoch from s.clocked_out_at - s.clocked_in_at) / 3600, 'FM9999990.00'),
                   public.time_done_check(s.time_done_minutes, s.clocked_in_at, s.clocked_out_at, s.time_done),
                   s.skill,
                   s.staff_type]) with ordinality f(value, ord)
            cross join lateral (
              select case when left(f.value, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || f.value
                          else coalesce(f.value, '') end as guarded) q) as line
    from public.shifts s
    left join public.staff st on st.id = s.accepted_by
    cross join lateral (
      select case when s.accepted_by is null then ''
                  else coalesce(nullif(pg_catalog.btrim(st.first_name || ' ' || st.last_name), ''),
                                'Former staff member') end as staff_name) n
    where s.company_id = me and s.clocked_out_at is not null
      and s.starts_at >= period_start and s.starts_at < period_end
  ) r;

  return E'\ufeff'
    || case p_headers
         when 'fr-CA' then 'Personnel,Date,Lieu,Début,Fin,Arrivée pointée,Départ pointé,Heures effectuées,'
                           'Heures pointées,Vérification des heures,Compétence,Type de personnel'
         else 'Staff name,Date,Location,Start,End,Clocked in,Clocked out,Hours done,Clocked hours,Hours check,'
              'Skill,Staff type'
       end
    || E'\r\n' || coalesce(body || E'\r\n', '');
end;
$$;

comment on function public.timesheet_csv(date, date, text) is
  'Timesheet export for the calling company: completed shifts starting on local dates p_from..p_to '
  '(inclusive) as CSV text (UTF-8 BOM, header, CRLF, RFC 4180 quoting, formula-injection guard, ISO 8601 '
  'times with the company''s offset), with the clocked hours and a check of the hours done (flagged '
  'beyond 15 minutes of the clocked time). Column names in English (p_headers ''en'', the default: '
  'stable for software) or Canadian French (''fr-CA''). Security invoker: RLS keeps other companies'' '
  'shifts out.';

revoke all on function public.timesheet_csv(date, date, text) from public, anon, authenticated, service_role;
grant execute on function public.timesheet_csv(date, date, text) to authenticated;
