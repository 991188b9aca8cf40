-- Companies and time off checked their time zone with two trigger functions that differed only in
-- the sentence they raise. One function now does it for both, each trigger passing its sentence as
-- a format() argument (%s is the rejected name; a sentence without it ignores the name).

create function private.validate_time_zone()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.time_zone is not distinct from old.time_zone then
    return new;
  end if;
  if not private.is_known_time_zone(new.time_zone) then
    raise exception '%', format(tg_argv[0], new.time_zone) using errcode = 'check_violation';
  end if;
  return new;
end;
$$;

comment on function private.validate_time_zone() is
  'Rejects a time_zone that is not an IANA name known to the server (private.is_known_time_zone), '
  'with the trigger''s first argument as the sentence (format() with the name). Security definer: '
  'the private schema is not usable by the API roles that write these rows.';

revoke all on function private.validate_time_zone() from public, anon, authenticated, service_role;

create or replace trigger validate_time_zone
  before insert or update of time_zone on public.companies
  for each row execute function private.validate_time_zone(
    'Time zone must be a valid IANA time zone such as America/Toronto');

create or replace trigger validate_time_zone
  before insert or update of time_zone on public.staff_time_off
  for each row execute function private.validate_time_zone('Unknown time zone: %s');

drop function private.validate_company_time_zone();
drop function private.validate_time_off_time_zone();
