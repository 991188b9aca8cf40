-- Who can cover a shift (issue 28, the assistant's who_can_cover tool): public.assistant_who_can_cover
-- lists the agency's eligible workers ranked by private.cover_rank (worked at this address before,
-- then nearest, then fewest hours that week, then name), the near misses with their reasons in plain
-- sentences dated in the agency's zone, and what stops the others; every reason kind, the explicit
-- p_now, the caps, and who may call it (the owner about its own shifts only; another agency never
-- sees the owner's workers and the owner never sees another agency's shift or records; a worker and
-- anon are refused).
begin;
\ir _helpers.psql
select plan(44);

update public.companies set premium = true where id in (tests.owner(), tests.other_company());

-- Workers of the owner (Wendy Worker and Sam Second from the helpers, and these), one a reason each.
create function tests.staff(key text) returns uuid language sql immutable as $$
  select ('e1000000-0000-4000-8000-' || lpad(
    (array_position(array['ana', 'ted', 'kay', 'otis', 'tia', 'hugo', 'dee', 'una', 'abe', 'nia', 'hal'], key))::text,
    12, '0'))::uuid
$$;
grant execute on function tests.staff(text) to authenticated, anon;
do $$
declare
  person record;
begin
  for person in
    select * from (values ('ana', 'Ana', 'Silva'), ('ted', 'Ted', 'Type'), ('kay', 'Kay', 'Skill'), ('otis', 'Otis', 'Lap'),
                          ('tia', 'Tia', 'Off'), ('hugo', 'Hugo', 'Over'), ('dee', 'Dee', 'Double'), ('una', 'Una', 'Verified'),
                          ('abe', 'Abe', 'Zed'), ('nia', 'Nia', 'Ames'), ('hal', 'Hal', 'Hours')) as p (key, first_name, last_name)
  loop
    perform tests.create_user(tests.staff(person.key), person.key || '@cover.test',
      jsonb_build_object('account_type', 'staff', 'first_name', person.first_name, 'last_name', person.last_name,
                         'phone', '4165550199', 'company_code', 'TsA1'));
  end loop;
end;
$$;
-- Otis also works for the other company, which records a credential and a rule of its own.
insert into public.employments (staff_id, company_id) values (tests.staff('otis'), tests.other_company());

-- The owner's records: everyone is a PSW (Ted and Dee RNs), Kay has companionship only, Hugo works at
-- most 10 hours a week; a PSW shift needs a verified, valid CPR/First aid.
update public.employments set staff_types = '{PSW}' where company_id = tests.owner();
update public.employments set staff_types = '{RN}'
where company_id = tests.owner() and staff_id in (tests.staff('ted'), tests.staff('dee'));
update public.employments set skills = '{Companionship}' where company_id = tests.owner() and staff_id = tests.staff('kay');
update public.employments set max_weekly_hours = 10 where company_id = tests.owner() and staff_id = tests.staff('hugo');
insert into public.staff_type_requirements (company_id, staff_type, credential_type) values
  (tests.owner(), 'PSW', 'CPR/First aid'), (tests.other_company(), 'PSW', 'Secret Badge');
insert into public.staff_credentials (company_id, staff_id, credential_type, expires_on, verified_at, verified_by)
select tests.owner(), e.staff_id, 'CPR/First aid', '2031-01-31', now(), 'Scheduler'
from public.employments e
where e.company_id = tests.owner() and e.staff_id not in (tests.staff('ana'), tests.staff('dee'), tests.staff('una'));
insert into public.staff_credentials (company_id, staff_id, credential_type, expires_on, verified_at, verified_by) values
  (tests.owner(), tests.staff('ana'), 'CPR/First aid', '2030-06-01', now(), 'Scheduler'),
  (tests.other_company(), tests.staff('otis'), 'Secret Badge', '2020-01-01', now(), 'Other scheduler');
insert into public.staff_credentials (company_id, staff_id, credential_type, expires_on)
values (tests.owner(), tests.staff('una'), 'CPR/First aid', '2031-01-31');
insert into public.staff_time_off (staff_id, starts_at, ends_at, note)
values (tests.staff('tia'), '2030-06-12 00:00 America/Toronto', '2030-06-13 00:00 America/Toronto', 'Private matter');

-- Shifts, at fixed days of June 2030 (Toronto); "now" is passed to the function, so the days are fixed.
create temporary table ids (name text primary key, id uuid) on commit drop;
grant select on ids to authenticated, anon, service_role;
create function tests.shift(name text) returns uuid language sql stable as $$ select id from ids where ids.name = shift.name $$;
grant execute on function tests.shift(text) to authenticated, anon;
create function tests.post(name text, company uuid, starts timestamptz, hours integer, holder uuid default null,
                           worked boolean default false, staff_type text default 'PSW') returns void
language sql as $$
  insert into ids select name, tests.create_shift(company);
  update public.shifts
  set starts_at = starts, ends_at = starts + make_interval(hours => hours), staff_type = post.staff_type,
      accepted_by = holder, accepted_at = case when holder is not null then starts - interval '2 days' end,
      clocked_in_at = case when worked then starts end,
      clocked_out_at = case when worked then starts + make_interval(hours => hours) end,
      time_done = case when worked then hours || ' hrs' end
  where id = (select id from ids where ids.name = post.name);
$$;

-- The shift asked about: Wednesday June 12, 9 to 5, at 100 Queen Street West (the helpers' address).
select tests.post('target', tests.owner(), '2030-06-12 09:00 America/Toronto', 8);
select tests.post('wendy_before', tests.owner(), '2030-06-03 09:00 America/Toronto', 8, tests.worker(), true);
select tests.post('sam_before', tests.owner(), '2030-06-04 09:00 America/Toronto', 8, tests.second_worker(), true);
update public.shifts set street_number = '1', street_name = 'Blue Jays Way', postal_code = 'M5V 1J1',
                         latitude = 43.6426, longitude = -79.3871
where id = tests.shift('sam_before');
select tests.post('hal_week', tests.owner(), '2030-06-14 09:00 America/Toronto', 8, tests.staff('hal'));
select tests.post('hugo_week', tests.owner(), '2030-06-13 09:00 America/Toronto', 8, tests.staff('hugo'));
select tests.post('otis_other', tests.other_company(), '2030-06-12 10:00 America/Toronto', 4, tests.staff('otis'));
update public.shifts set street_number = '77', street_name = 'Secret Lane' where id = tests.shift('otis_other');
select tests.post('held', tests.owner(), '2030-06-19 09:00 America/Toronto', 8, tests.second_worker());
select tests.post('dsw', tests.owner(), '2030-06-20 09:00 America/Toronto', 8, null, false, 'DSW');

create function tests.cover(name text, now_at timestamptz default '2030-06-10 12:00 America/Toronto',
                            staff uuid default null, lim integer default 10) returns jsonb
language sql as $$ select public.assistant_who_can_cover(tests.shift(name), now_at, staff, lim) $$;
create function tests.names(list jsonb) returns text[] language sql immutable as $$
  select coalesce(array_agg(x -> 'staff' ->> 'name' order by n), '{}') from jsonb_array_elements(list) with ordinality as t (x, n)
$$;
create function tests.reasons_of(list jsonb, person text) returns text[] language sql immutable as $$
  select array(select jsonb_array_elements_text(x -> 'reasons'))
  from jsonb_array_elements(list) x where x -> 'staff' ->> 'name' = person
$$;
grant execute on function tests.cover(text, timestamptz, uuid, integer), tests.names(jsonb), tests.reasons_of(jsonb, text)
  to authenticated, anon;

-- As the owner ---------------------------------------------------------------------------------------
select tests.authenticate_as(tests.owner());
create temporary table answer on commit drop as select tests.cover('target') as r;

select is((select (r ->> 'eligible_total')::int from answer), 5, 'Five of the owner''s 13 workers may take the shift');
select is((select tests.names(r -> 'eligible') from answer),
  '{"Wendy Worker","Sam Second","Nia Ames","Abe Zed","Hal Hours"}'::text[],
  'Ranked: worked at this address before, then nearest to where they last worked, then fewest hours that week, then last name');
select is((select array(select (x ->> 'rank')::int from jsonb_array_elements(r -> 'eligible') x) from answer),
  '{1,2,3,4,5}'::int[], 'Each eligible worker carries their rank');
select is((select r -> 'eligible' -> 0 -> 'worked_here' from answer), 'true'::jsonb,
  'Wendy ranks first because she worked a shift at this address before');
select is((select (r -> 'eligible' -> 1 ->> 'distance_km')::numeric from answer), 1.1,
  'Sam ranks next: he last worked 1.1 km away');
select is((select (r -> 'eligible' -> 4 ->> 'week_hours')::numeric from answer), 8.00,
  'Hal ranks last: he already holds 8 hours at the agency that week');
select is((select r -> 'eligible' -> 2 -> 'distance_km' from answer), 'null'::jsonb,
  'A worker who never worked for the agency has no known distance (and comes after those who have one)');

select is((select (r ->> 'ineligible_total')::int from answer), 8, 'The other eight may not');
select is((select (r ->> 'near_miss_total')::int || '/' || (r ->> 'near_miss_reasons') from answer), '7/1',
  'Seven of them are near misses: one reason each');
select is((select tests.names(r -> 'near_misses') from answer),
  '{"Otis Lap","Tia Off","Kay Skill","Hugo Over","Ted Type"}'::text[],
  'At most five near misses are listed: those whose reason stops the fewest others first, then in cover order');
select is((select tests.reasons_of(r -> 'near_misses', 'Otis Lap') from answer),
  '{"Already has another shift at this time"}'::text[],
  'Overlap: a shift he holds at another agency, which the reason does not name');
select is((select tests.reasons_of(r -> 'near_misses', 'Tia Off') from answer), '{"Has time off on Jun 12"}'::text[],
  'Time off, with its day in the agency''s zone (never the worker''s note)');
select is((select r -> 'asked' -> 'reasons' from tests.cover('target', staff => tests.staff('ana')) r),
  '["CPR/First aid expired Jun 1"]'::jsonb, 'An expired credential, with the day it expired');
select is((select tests.reasons_of(r -> 'near_misses', 'Kay Skill') from answer),
  '{"Is not recorded as skilled in personal care"}'::text[], 'A skill the agency has not recorded');
select is((select tests.reasons_of(r -> 'near_misses', 'Ted Type') from answer), '{"Is not recorded as a PSW"}'::text[],
  'A staff type the agency has not recorded');
select is((select tests.reasons_of(r -> 'near_misses', 'Hugo Over') from answer),
  '{"Would work 16.0 hours that week, over 10.0"}'::text[], 'Over the weekly hours');
select is((select r -> 'asked' -> 'reasons' from tests.cover('target', staff => tests.staff('una')) r),
  '["CPR/First aid is not verified"]'::jsonb, 'A credential recorded but not verified');
select is((select r -> 'asked' -> 'reasons' from tests.cover('target', staff => tests.staff('dee')) r),
  '["Is not recorded as a PSW", "Has no CPR/First aid on record"]'::jsonb,
  'Every reason of a worker with two, in eligibility''s order, a missing credential said so');
select is((select r -> 'asked' -> 'reason_codes' from tests.cover('target', staff => tests.staff('dee')) r),
  '["staff_type", "credential"]'::jsonb, 'with their codes');
select is((select r -> 'reason_counts' from answer),
  '[{"code": "credential", "workers": 3, "example": "CPR/First aid expired Jun 1"},
    {"code": "staff_type", "workers": 2, "example": "Is not recorded as a PSW"},
    {"code": "over_hours", "workers": 1, "example": "Would work 16.0 hours that week, over 10.0"},
    {"code": "overlapping_shift", "workers": 1, "example": "Already has another shift at this time"},
    {"code": "skill", "workers": 1, "example": "Is not recorded as skilled in personal care"},
    {"code": "time_off", "workers": 1, "example": "Has time off on Jun 12"}]'::jsonb,
  'How many workers each reason stops, commonest first');
select ok((select r::text not like '%Secret%' and r::text not like '%Private matter%' and r::text not like '%phone%'
                  and r::text not like '%email%' from answer),
  'Nothing of the other agency (its shift''s street, its credential), no time-off note, no phone or email');
select is((select r -> 'shift' ->> 'id' from answer), (select tests.shift('target')::text),
  'The answer says which shift it is about');

-- One worker asked about, the holder, and the cap ------------------------------------------------------
select is((select (r -> 'asked') - 'staff'::text from tests.cover('target', staff => tests.worker()) r),
  '{"rank": 1, "flags": [], "reasons": [], "eligible": true, "holds_shift": false, "reason_codes": []}'::jsonb,
  'Asked about an eligible worker: eligible, with their rank');
select throws_ok($$ select tests.cover('target', staff => tests.outsider()) $$, 'P0002',
  'No staff member with this id works for you', 'Asked about a worker the agency does not employ: refused');
select is((select (r ->> 'eligible_total')::int + (r ->> 'ineligible_total')::int from tests.cover('held') r), 12,
  'The shift''s holder is never a candidate: the 12 others are judged');
select is((select r -> 'asked' ->> 'holds_shift' from tests.cover('held', staff => tests.second_worker()) r), 'true',
  'Asked about the holder: they hold the shift');
select is((select jsonb_array_length(r -> 'eligible') || '/' || (r ->> 'eligible_total') from tests.cover('target', lim => 2) r),
  '2/5', 'p_limit caps the list; the total counts them all');
select throws_ok($$ select tests.cover('target', lim => 51) $$, 'P0001', 'The number of staff to list must be from 1 to 50',
  'At most 50 workers a list');
select throws_ok($$ select public.assistant_who_can_cover(tests.shift('target'), null) $$, 'P0001',
  'The current time is required', 'p_now is required');

-- No one eligible ----------------------------------------------------------------------------------------
select is((select (r ->> 'eligible_total')::int from tests.cover('dsw') r), 0,
  'A DSW shift nobody is recorded for: no one is eligible');
select is((select r -> 'reason_counts' from tests.cover('dsw') r),
  '[{"code": "staff_type", "workers": 13, "example": "Is not recorded as a DSW"},
    {"code": "skill", "workers": 1, "example": "Is not recorded as skilled in personal care"}]'::jsonb,
  'and the reason that stops all 13 comes first');
select is((select jsonb_array_length(r -> 'near_misses') || '/' || (r ->> 'near_miss_total') from tests.cover('dsw') r),
  '5/12', 'The 12 with one reason are near misses, five of them listed');

-- The explicit p_now -----------------------------------------------------------------------------------
select is((select r -> 'asked' -> 'reasons' from tests.cover('target', '2030-05-20 12:00 America/Toronto', tests.staff('ana')) r),
  '["CPR/First aid expires Jun 1, before this shift"]'::jsonb,
  'Asked before the expiry, the credential "expires", before the shift''s day');
select is((select tests.names(r -> 'eligible') from tests.cover('target', '2030-06-02 12:00 America/Toronto') r),
  '{"Nia Ames","Sam Second","Wendy Worker","Abe Zed","Hal Hours"}'::text[],
  'Asked before Wendy and Sam worked their shifts, nobody has worked here or anywhere yet: by hours, then name');
select is((select r -> 'eligible' -> 2 -> 'worked_here' from tests.cover('target', '2030-06-02 12:00 America/Toronto') r),
  'false'::jsonb, 'Worked here counts only shifts clocked in to before p_now');

-- The ranking function itself ---------------------------------------------------------------------------
select tests.clear_authentication();
select is(
  array(select r.staff_id from private.cover_rank((select s from public.shifts s where s.id = tests.shift('target')),
                                                  array[tests.staff('hal'), tests.staff('abe'), tests.second_worker(),
                                                        tests.staff('nia'), tests.worker()],
                                                  '2030-06-10 12:00 America/Toronto') r order by r.rank),
  array[tests.worker(), tests.second_worker(), tests.staff('nia'), tests.staff('abe'), tests.staff('hal')],
  'private.cover_rank orders whichever workers it is given, whatever their order');

select is(array[private.indefinite_article('PSW'), private.indefinite_article('RPN'), private.indefinite_article('RN'),
             private.indefinite_article('Registered Nurse'), private.indefinite_article('Occupational therapist')],
  '{a,an,an,a,an}'::text[], 'A staff type reads with its article: a PSW, an RPN, an RN, a Registered Nurse, an Occupational therapist');

-- Other callers -----------------------------------------------------------------------------------------
select tests.authenticate_as(tests.other_company());
select throws_ok($$ select tests.cover('target') $$, 'P0002', 'Shift not found',
  'Another agency cannot ask about the owner''s shift');
select tests.clear_authentication();
select tests.post('other_open', tests.other_company(), '2030-06-26 09:00 America/Toronto', 8);
select tests.authenticate_as(tests.other_company());
select is((select tests.names(r -> 'near_misses') || tests.names(r -> 'eligible') from tests.cover('other_open') r),
  '{"Otis Lap"}'::text[], 'About its own shift, another agency sees only its own worker');
select is((select tests.reasons_of(r -> 'near_misses', 'Otis Lap') from tests.cover('other_open') r),
  '{"Secret Badge expired Jan 1, 2020"}'::text[],
  'judged by its own records and rules (a year shown when it is not the shift''s), none of the owner''s');
select ok((select r::text not like '%CPR%' from tests.cover('other_open') r), 'The owner''s credential records stay the owner''s');
select tests.authenticate_as(tests.worker());
select throws_ok($$ select tests.cover('target') $$, '42501', 'Only company accounts can use the assistant',
  'A worker is refused');
select tests.authenticate_as_anon();
select throws_ok($$ select public.assistant_who_can_cover(tests.shift('target'), now()) $$, '42501', null,
  'anon cannot call it');
select tests.authenticate_as_service_role();
select throws_ok($$ select public.assistant_who_can_cover(tests.shift('target'), now()) $$, '42501', null,
  'nor can the service role (the assistant reads with the user''s own token)');
select tests.clear_authentication();

select * from finish();
rollback;
