-- Qualifications (issue 28): what an agency records about a worker (staff types, skills, languages,
-- weekly hours on the employment; credentials; which credentials a staff type requires; which types
-- cover which), who may read and write each, the overtime table, and every eligibility reason they
-- add, alone and together, with accept_shift's words for each.
begin;
\ir _helpers.psql
select plan(47);

update public.companies set premium = true where id in (tests.owner(), tests.other_company());
-- The worker also works for the other company, which records nothing about them.
select tests.authenticate_as(tests.worker());
select public.join_company('TsB2');
select tests.clear_authentication();

create temporary table ids (name text primary key, id uuid) on commit drop;
grant select on ids to authenticated, anon, service_role;
create function tests.shift(name text) returns uuid language sql stable as $$ select id from ids where ids.name = shift.name $$;
-- A shift of `company` on a Wednesday 3 weeks ahead (Toronto), `hours` long from 09:00.
create function tests.post(name text, company uuid, staff_type text, skill text, day_offset int default 0, hours int default 8,
                           overtime boolean default false) returns void
language sql as $$
  insert into ids select name, tests.create_shift(company);
  update public.shifts
  set staff_type = post.staff_type, skill = post.skill, allow_overtime = overtime, province = 'Ontario',
      starts_at = (date_trunc('week', now() at time zone 'America/Toronto') + interval '23 days 9 hours'
                   + day_offset * interval '1 day') at time zone 'America/Toronto',
      ends_at = (date_trunc('week', now() at time zone 'America/Toronto') + interval '23 days 9 hours'
                 + day_offset * interval '1 day' + hours * interval '1 hour') at time zone 'America/Toronto'
  where id = (select id from ids where ids.name = post.name);
$$;
create function tests.reasons(name text) returns text[] language sql as $$
  select e.reason_codes from public.eligibility(tests.shift(name), tests.worker()) e
$$;
grant execute on function tests.shift(text), tests.reasons(text) to authenticated, anon;

select tests.post('rn', tests.owner(), 'Registered Nurse', 'Medication administration');
select tests.post('rpn', tests.owner(), 'Registered Practical Nurse', 'Personal care', 1);
select tests.post('psw', tests.owner(), 'Personal Support Worker', 'Personal care', 2);
select tests.post('other_rn', tests.other_company(), 'Registered Nurse', 'Medication administration', 3);

-- Nothing recorded: everyone may take everything ----------------------------------------------------
select tests.authenticate_as(tests.owner());
select is(tests.reasons('rn'), '{}'::text[], 'With nothing recorded, a worker may take any shift of the agency');

-- Who writes the qualifications -------------------------------------------------------------------
select is(tests.affected($$ update public.employments set staff_types = '{Registered Nurse}', skills = '{Personal care}',
                           languages = '{English,French}' where staff_id = tests.worker() $$), 1,
  'An agency records a worker''s staff types, skills and languages on their employment');
select throws_ok($$ update public.employments set company_id = tests.other_company() where staff_id = tests.worker() $$,
  '42501', null, 'but cannot move the employment (only the qualification columns are writable)');
select tests.authenticate_as(tests.other_company());
select is((select staff_types from public.employments where staff_id = tests.worker()), '{}'::text[],
  'Another employer sees only its own record of the worker: nothing');
select is(tests.affected($$ update public.employments set skills = '{x}' where company_id = tests.owner() $$), 0,
  'and cannot change the owner''s record');
select tests.authenticate_as(tests.worker());
select is((select staff_types from public.employments where company_id = tests.owner()), '{Registered Nurse}'::text[],
  'The worker sees what each agency recorded about them');
select is(tests.affected($$ update public.employments set staff_types = '{Registered Nurse,Personal Support Worker}' $$), 0,
  'but cannot change it');
select tests.clear_authentication();
select throws_ok($$ update public.employments set max_weekly_hours = 0 where staff_id = tests.worker() $$, '23514', null,
  'A weekly maximum must be more than 0 hours');

-- Staff type and skill -----------------------------------------------------------------------------
select tests.authenticate_as(tests.owner());
select is(tests.reasons('rn'), '{skill}'::text[], 'A recorded RN without medication administration: the skill alone');
select is((select e.reasons from public.eligibility(tests.shift('rn'), tests.worker()) e),
  '{"Is not recorded as skilled in medication administration"}'::text[], 'The skill reason reads plainly');
select is(tests.reasons('rpn'), '{staff_type}'::text[], 'An RN is not an RPN unless the agency says RNs may cover RPN shifts');
select is((select e.reasons from public.eligibility(tests.shift('rpn'), tests.worker()) e),
  '{"Is not recorded as a Registered Practical Nurse"}'::text[], 'The staff type reason names the type');
insert into public.staff_type_coverage (staff_type, may_cover) values ('Registered Nurse', 'Registered Practical Nurse');
select is(tests.reasons('rpn'), '{}'::text[], 'With "an RN may cover an RPN", the RN may take the RPN shift');
select is(tests.reasons('psw'), '{staff_type}'::text[], 'but still not a PSW shift');
update public.employments set skills = '{Personal care,Medication administration}' where staff_id = tests.worker();
select is(tests.reasons('rn'), '{}'::text[], 'With the skill recorded, the RN shift is open to the worker');
select tests.authenticate_as(tests.worker());
select is((select e.reason_codes from public.eligibility(tests.shift('other_rn')) e), '{}'::text[],
  'At the other agency, which recorded nothing, the worker may take anything');
select throws_ok($$ select public.accept_shift(tests.shift('psw')) $$, 'P0001',
  'This shift is for a Personal Support Worker, which the agency has not recorded you as',
  'accept_shift gives the staff type reason in the worker''s words');

-- Credentials ---------------------------------------------------------------------------------------
select tests.authenticate_as(tests.owner());
insert into public.staff_type_requirements (staff_type, credential_type) values ('Registered Nurse', 'Nursing licence'),
  ('Registered Nurse', 'CPR/First aid');
select is(tests.reasons('rn'), '{credential}'::text[], 'An RN shift now needs credentials the worker does not have');
select is((select e.reasons from public.eligibility(tests.shift('rn'), tests.worker()) e),
  '{"Has no verified, valid CPR/First aid, Nursing licence"}'::text[], 'The reason lists what is missing');
insert into public.staff_credentials (staff_id, credential_type, registration_number, expires_on)
values (tests.worker(), 'Nursing licence', 'RN-12345', current_date + 365);
insert into public.staff_credentials (staff_id, credential_type, expires_on, verified_at, verified_by)
values (tests.worker(), 'CPR/First aid', current_date + 10, now(), 'Dana (scheduler)');
select is((select e.reasons from public.eligibility(tests.shift('rn'), tests.worker()) e),
  '{"Has no verified, valid CPR/First aid, Nursing licence"}'::text[],
  'An unverified licence does not count, nor a CPR that expires before the shift''s day');
update public.staff_credentials set verified_at = now(), verified_by = 'Dana (scheduler)' where credential_type = 'Nursing licence';
update public.staff_credentials set expires_on = current_date + 60 where credential_type = 'CPR/First aid';
select is(tests.reasons('rn'), '{}'::text[], 'Verified and valid until the shift: eligible');
select throws_ok($$ update public.staff_credentials set verified_at = now(), verified_by = null $$, '23514', null,
  'A verification names who verified it');
select throws_ok($$ insert into public.staff_credentials (staff_id, credential_type) values (tests.outsider(), 'CPR/First aid') $$,
  '42501', null, 'An agency records credentials only for staff it employs');

select tests.authenticate_as(tests.other_company());
select is((select count(*)::int from public.staff_credentials), 0, 'Another agency never sees the owner''s records of the worker');
select is((select count(*)::int from public.staff_type_requirements), 0, 'nor its requirements');
select is((select count(*)::int from public.staff_type_coverage), 0, 'nor its coverage rules');
select is(tests.affected($$ delete from public.staff_credentials $$), 0, 'and cannot delete them');
select tests.authenticate_as(tests.worker());
select is((select count(*)::int from public.staff_credentials), 2, 'The worker sees the credentials recorded about them');
select is(tests.affected($$ update public.staff_credentials set expires_on = current_date + 999 $$), 0,
  'but cannot change them');
select throws_ok($$ insert into public.staff_credentials (staff_id, credential_type) values (tests.worker(), 'CPR/First aid') $$,
  '42501', null, 'nor record their own');
select tests.authenticate_as(tests.second_worker());
select is((select count(*)::int from public.staff_credentials), 0, 'A colleague sees none of them');
select tests.authenticate_as_anon();
select throws_ok($$ select count(*) from public.staff_credentials $$, '42501', null, 'anon cannot read credentials');
select throws_ok($$ select count(*) from public.overtime_thresholds $$, '42501', null, 'nor the overtime table');

-- Overtime ------------------------------------------------------------------------------------------
select tests.clear_authentication();
select is(private.overtime_threshold('Canada', 'Ontario'), 44.0, 'Ontario: 44 hours, by name');
select is(private.overtime_threshold('Canada', 'QC'), 40.0, 'Quebec: 40 hours, by code');
select is(private.overtime_threshold('Canada', 'NS'), 48.0, 'Nova Scotia: 48 hours');
select is(private.overtime_threshold('United States', 'TX'), 40.0, 'Any US state: 40 hours');
select is(private.overtime_threshold('France', 'IDF'), null, 'An unknown place has no threshold');
select tests.authenticate_as(tests.owner());
select is((select count(*)::int from public.overtime_thresholds), 14, 'Signed-in users read the table');

-- The worker holds the 8-hour RN shift (Wednesday); a 6-hour PSW-free shift on Thursday would make 14.
select tests.authenticate_as(tests.worker());
select lives_ok($$ select public.accept_shift(tests.shift('rn')) $$, 'The worker takes the RN shift');
select tests.clear_authentication();
select tests.post('thu', tests.owner(), 'Registered Nurse', 'Personal care', 1, 6);
select tests.post('thu_ot', tests.owner(), 'Registered Nurse', 'Personal care', 1, 6, true);
select tests.post('next_week', tests.owner(), 'Registered Nurse', 'Personal care', 7, 6);
select tests.authenticate_as(tests.owner());
update public.employments set max_weekly_hours = 12 where staff_id = tests.worker();
select is((select row(e.reason_codes, e.reasons)::text from public.eligibility(tests.shift('thu'), tests.worker()) e),
  row('{over_hours}'::text[], '{"Would work 14.0 hours that week, over 12.0"}'::text[])::text,
  'Over the worker''s weekly maximum at this agency: a reason with the hours');
select is((select row(e.eligible, e.flags)::text from public.eligibility(tests.shift('thu_ot'), tests.worker()) e),
  row(true, '{overtime}'::text[])::text, 'On a shift that allows overtime it is a flag, not a refusal');
select is(tests.reasons('next_week'), '{}'::text[], 'The next week starts again from nothing');
update public.employments set max_weekly_hours = null where staff_id = tests.worker();
select is(tests.reasons('thu'), '{}'::text[], 'Without a maximum, Ontario''s 44 hours apply: 14 is fine');
update public.employments set max_weekly_hours = 12 where staff_id = tests.worker();
select tests.authenticate_as(tests.worker());
select throws_ok($$ select public.accept_shift(tests.shift('thu')) $$, 'P0001',
  'This shift would take you over your hours for that week', 'accept_shift refuses going over, in the worker''s words');
select lives_ok($$ select public.accept_shift(tests.shift('thu_ot')) $$, 'and accepts the shift that allows overtime');

-- Every reason at once, in order ------------------------------------------------------------------
select tests.clear_authentication();
select tests.post('everything', tests.owner(), 'Registered Nurse', 'Palliative care', 1, 6);
select tests.authenticate_as(tests.owner());
update public.staff_credentials set verified_at = null, verified_by = null where credential_type = 'Nursing licence';
select is(tests.reasons('everything'), '{overlapping_shift,skill,credential,over_hours}'::text[],
  'Several reasons at once come in one list, most basic first');

select * from finish();
rollback;
