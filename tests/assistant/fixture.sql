-- The assistant's question bank agency (issue 19): a fixed agency with known staff, shifts and times
-- around a fixed NOW = 2026-11-18T15:00:00-05:00 (a Wednesday; America/Toronto), and a second agency
-- whose names must never appear in any answer. tests/assistant/bank.ts states the answers by hand
-- from the tables below; tests/integration/assistant-bank-facts.test.ts checks them against the tools.
--
-- Self-contained: run the whole file as one script (psql, node-postgres or npm:pg from Deno). It
-- removes any earlier copy first (the block between the remove markers, which tests/assistant/fixture.ts
-- also runs on its own), then seeds, in one transaction. Superuser only.
--
-- Accounts go through the real sign-up trigger (auth.users with the staff app's metadata creates the
-- staff rows and employs them by company code), with bcrypt passwords the stack's auth checks:
--   lakeshore@fixture.carecover.test / Fixture!2345   Lakeshore Home Care (the agency asked about)
--   ninebark@fixture.carecover.test  / Fixture!2345   Ninebark Support Services (the other agency)
--   every staff member also signs in with Fixture!2345 (emails below).
-- Shifts, their history (shift_events) and clock times are written with session_replication_role =
-- replica: the posting trigger would refuse backdated shifts past the free plan's 10 and notify every
-- worker, and the history triggers would stamp events with the real time. The history rows are
-- inserted explicitly instead, at the fixture's times.
--
-- Lakeshore: free plan, 7 of 10 free shifts used, 15 staff employed (of 30), 5 assistant questions
-- used in November 2026 (20 left), and a Stripe customer id left from a Premium trial (never shown).
-- 65 shifts: October (last month) 20, November 1-15 11, this week (Mon Nov 16 - Sun Nov 22) 21,
-- next week 8, December 5. A former worker (Tobias Whitfield, no longer employed) completed one in
-- October and shows as "Former staff member". Priya Sharma also works for Ninebark; her Ninebark
-- shifts must never count for Lakeshore.

begin;

-- remove:begin
-- One copy at a time: test files running in parallel may each seed or remove it.
select pg_advisory_xact_lock(hashtext('carecover-assistant-fixture'));
set local session_replication_role = replica;
delete from public.shift_events
where company_id in ('f1000000-0000-4000-8000-000000000001', 'f2000000-0000-4000-8000-000000000001');
delete from public.notifications
where company_id in ('f1000000-0000-4000-8000-000000000001', 'f2000000-0000-4000-8000-000000000001');
delete from public.shifts
where company_id in ('f1000000-0000-4000-8000-000000000001', 'f2000000-0000-4000-8000-000000000001');
set local session_replication_role = origin;
-- The rest (companies, staff, employments, usage, identities, sessions) cascades from the accounts.
delete from auth.users where email like '%@fixture.carecover.test';
-- remove:end

-- Accounts ----------------------------------------------------------------------------------------
create temporary table fixture_accounts (
  key text primary key, id uuid not null, email text not null, meta jsonb not null, created_at timestamptz not null
) on commit drop;

insert into fixture_accounts values
  ('lakeshore', 'f1000000-0000-4000-8000-000000000001', 'lakeshore@fixture.carecover.test',
   '{"account_type":"company"}', '2026-08-03 10:00 America/Toronto'),
  ('ninebark', 'f2000000-0000-4000-8000-000000000001', 'ninebark@fixture.carecover.test',
   '{"account_type":"company"}', '2026-07-20 10:00 America/Toronto');

insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                        raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
select '00000000-0000-0000-0000-000000000000', a.id, 'authenticated', 'authenticated', a.email,
       extensions.crypt('Fixture!2345', extensions.gen_salt('bf', 4)), a.created_at,
       '{"provider":"email","providers":["email"]}', a.meta, a.created_at, a.created_at
from fixture_accounts a;

update public.companies c
set company_name = p.company_name, phone = p.phone, street = p.street, city = p.city, province = p.province,
    country = 'Canada', postal_code = p.postal_code, staff_size = p.staff_size, referral_source = 'Referral',
    company_type = 'Homecare Company', time_zone = 'America/Toronto', company_code = p.company_code,
    premium = p.premium, free_shifts_used = p.free_shifts_used, stripe_customer_id = p.stripe_customer_id,
    created_at = a.created_at
from (values
  ('lakeshore', 'Lakeshore Home Care', '4165550190', '181 Bay Street, Suite 1800', 'Toronto', 'Ontario', 'M5J 2T3',
   '10-30', 'LkF7', false, 7, 'cus_FixtureLakeshore01'),
  ('ninebark', 'Ninebark Support Services', '6135550170', '5 Ninebark Lane', 'Kingston', 'Ontario', 'K7L 2N1',
   '10-30', 'NbF8', true, 0, 'cus_FixtureNinebark001')
) as p (key, company_name, phone, street, city, province, postal_code, staff_size, company_code, premium,
        free_shifts_used, stripe_customer_id)
join fixture_accounts a on a.key = p.key
where c.id = a.id;

-- Staff: `employer` is the company code they signed up with (null: none, like a worker who left).
create temporary table fixture_staff (
  key text primary key, id uuid not null, first_name text not null, last_name text not null, email text not null,
  phone text not null, employer text, push_token text, on_shift boolean not null
) on commit drop;

insert into fixture_staff values
  ('cote',      'f1a00000-0000-4000-8000-000000000001', 'Amélie', 'Côté', 'amelie.cote@fixture.carecover.test', '4165550101', 'LkF7', 'ExponentPushToken[fixture-cote]', false),
  ('tremblay',  'f1a00000-0000-4000-8000-000000000002', 'Amelia', 'Tremblay', 'amelia.tremblay@fixture.carecover.test', '4165550102', 'LkF7', null, true),
  ('gagnon',    'f1a00000-0000-4000-8000-000000000003', 'Julien', 'Gagnon', 'julien.gagnon@fixture.carecover.test', '4165550103', 'LkF7', 'ExponentPushToken[fixture-gagnon]', false),
  ('gagne',     'f1a00000-0000-4000-8000-000000000004', 'Sophie', 'Gagné', 'sophie.gagne@fixture.carecover.test', '4165550104', 'LkF7', null, false),
  ('roy',       'f1a00000-0000-4000-8000-000000000005', 'Olivier', 'Roy', 'olivier.roy@fixture.carecover.test', '4165550105', 'LkF7', null, false),
  ('bouchard',  'f1a00000-0000-4000-8000-000000000006', 'Olivier', 'Bouchard', 'olivier.bouchard@fixture.carecover.test', '4165550106', 'LkF7', null, false),
  ('sharma',    'f1a00000-0000-4000-8000-000000000007', 'Priya', 'Sharma', 'priya.sharma@fixture.carecover.test', '6475550107', 'LkF7', 'ExponentPushToken[fixture-sharma]', false),
  ('mensah',    'f1a00000-0000-4000-8000-000000000008', 'Kwame', 'Mensah', 'kwame.mensah@fixture.carecover.test', '6475550108', 'LkF7', null, true),
  ('oconnor',   'f1a00000-0000-4000-8000-000000000009', 'Liam', 'O''Connor', 'liam.oconnor@fixture.carecover.test', '6475550109', 'LkF7', null, false),
  ('lefebvre',  'f1a00000-0000-4000-8000-000000000010', 'Chloé', 'Lefebvre', 'chloe.lefebvre@fixture.carecover.test', '9055550110', 'LkF7', null, false),
  ('haddad',    'f1a00000-0000-4000-8000-000000000011', 'Mohammed', 'Haddad', 'mohammed.haddad@fixture.carecover.test', '9055550111', 'LkF7', null, false),
  ('li',        'f1a00000-0000-4000-8000-000000000012', 'Grace', 'Li', 'grace.li@fixture.carecover.test', '9055550112', 'LkF7', null, false),
  ('fortin',    'f1a00000-0000-4000-8000-000000000013', 'Noah', 'Fortin', 'noah.fortin@fixture.carecover.test', '4375550113', 'LkF7', null, false),
  ('belanger',  'f1a00000-0000-4000-8000-000000000014', 'Isabelle', 'Bélanger', 'isabelle.belanger@fixture.carecover.test', '4375550114', 'LkF7', null, false),
  ('nguyen',    'f1a00000-0000-4000-8000-000000000015', 'Ethan', 'Nguyen', 'ethan.nguyen@fixture.carecover.test', '4375550115', 'LkF7', null, false),
  ('whitfield', 'f1a00000-0000-4000-8000-000000000016', 'Tobias', 'Whitfield', 'tobias.whitfield@fixture.carecover.test', '4375550116', null, null, false),
  ('quuxley',   'f2a00000-0000-4000-8000-000000000001', 'Zebediah', 'Quuxley', 'zebediah.quuxley@fixture.carecover.test', '6135550201', 'NbF8', 'ExponentPushToken[fixture-quuxley]', true),
  ('vantongeren', 'f2a00000-0000-4000-8000-000000000002', 'Philomena', 'Vantongeren', 'philomena.vantongeren@fixture.carecover.test', '6135550202', 'NbF8', null, false);

insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                        raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
select '00000000-0000-0000-0000-000000000000', s.id, 'authenticated', 'authenticated', s.email,
       extensions.crypt('Fixture!2345', extensions.gen_salt('bf', 4)), '2026-08-10 09:00 America/Toronto',
       '{"provider":"email","providers":["email"]}',
       jsonb_strip_nulls(jsonb_build_object('account_type', 'staff', 'first_name', s.first_name,
                                            'last_name', s.last_name, 'phone', s.phone, 'company_code', s.employer)),
       '2026-08-10 09:00 America/Toronto', '2026-08-10 09:00 America/Toronto'
from fixture_staff s;

insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
select u.id::text, u.id,
       jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
       'email', u.created_at, u.created_at
from auth.users u
where u.email like '%@fixture.carecover.test';

update public.staff st
set push_token = s.push_token, on_shift = s.on_shift, created_at = '2026-08-10 09:00 America/Toronto'
from fixture_staff s
where st.id = s.id;

update public.employments set added_at = '2026-08-10 09:00 America/Toronto'
where company_id in ('f1000000-0000-4000-8000-000000000001', 'f2000000-0000-4000-8000-000000000001');
-- Priya Sharma also works for Ninebark.
insert into public.employments (staff_id, company_id, added_at)
values ('f1a00000-0000-4000-8000-000000000007', 'f2000000-0000-4000-8000-000000000001', '2026-09-01 09:00 America/Toronto');

-- November 2026's assistant questions: 5 used, so 20 of the free plan's 25 are left at NOW.
insert into public.ai_usage (company_id, month, questions)
values ('f1000000-0000-4000-8000-000000000001', '2026-11-01', 5);

-- Addresses ---------------------------------------------------------------------------------------
create temporary table fixture_addresses (
  key text primary key, street_number text not null, street_name text not null, city text not null,
  province text not null, postal_code text not null, latitude double precision, longitude double precision
) on commit drop;

insert into fixture_addresses values
  ('queen100',   '100',  'Queen Street West',        'Toronto',     'ON', 'M5H 2N2', 43.6525, -79.3839),
  ('queen220',   '220',  'Queen St W',               'Toronto',     'ON', 'M5V 1Z6', 43.6506, -79.3889),
  ('queen1001',  '1001', 'Queen Street East',        'Toronto',     'ON', 'M4M 1K2', 43.6603, -79.3400),
  ('avenue45',   '45',   'Avenue Road',              'Toronto',     'ON', 'M5R 2S9', 43.6722, -79.3950),
  ('bayview',    '2075', 'Bayview Avenue',           'Toronto',     'ON', 'M4N 3M5', 43.7220, -79.3760),
  ('university', '600',  'University Ave',           'Toronto',     'ON', 'M5G 1X5', 43.6577, -79.3900),
  ('eglinton',   '55',   'Eglinton Avenue East',     'Toronto',     'ON', 'M4P 1G8', 43.7070, -79.3960),
  ('dufferin',   '3401', 'Dufferin Street',          'Toronto',     'ON', 'M6A 2T9', 43.7255, -79.4522),
  ('citycentre', '100',  'City Centre Drive',        'Mississauga', 'ON', 'L5B 2C9', 43.5931, -79.6424),
  ('mainwest',   '1280', 'Main Street West',         'Hamilton',    'ON', 'L8S 4L8', 43.2609, -79.9192),
  ('stjoseph',   '310',  'Boulevard Saint-Joseph',   'Gatineau',    'QC', 'J8Y 3Y7', 45.4450, -75.7400),
  ('eglise',     '150',  'Rue de l''Église',         'Gatineau',    'QC', 'J9H 4K2', 45.3990, -75.8450),
  ('king12',     '12',   'King Street West',         'Toronto',     'ON', 'M5H 1A1', 43.6487, -79.3782),
  ('ninebark12', '12',   'Ninebark Lane',            'Kingston',    'ON', 'K7L 2N1', 44.2312, -76.4860),
  ('ninebark77', '77',   'Ninebark Lane',            'Kingston',    'ON', 'K7L 2N4', 44.2320, -76.4870);

-- Shifts ------------------------------------------------------------------------------------------
-- Local times in America/Toronto (EDT until Nov 1, EST after). accepted = minutes after posting;
-- clocked_in / clocked_out are local times; a shift without staff is Pending.
create temporary table fixture_shifts (
  key text primary key, id uuid not null, company text not null, staff_type text not null, skill text not null,
  address text not null, posted timestamp not null, starts timestamp not null, hours integer not null,
  staff text, accepted integer, clocked_in timestamp, clocked_out timestamp, time_done text, notes text
) on commit drop;

insert into fixture_shifts values
  -- October 2026 (last month): 20 posted, 16 filled, 4 expired unfilled; o06 late (12 min), o12 exactly
  -- 10 min after the start (on time), o14 a no-show, o13 by the former worker.
  ('o01', '6718e5d7-0000-4000-8000-f10000000001', 'lakeshore', 'PSW', 'Personal care', 'queen100', '2026-09-28 09:00', '2026-10-01 08:00', 8, 'cote', 25, '2026-10-01 07:56', '2026-10-01 16:01', '8', 'Ring the buzzer for unit 1204.'),
  ('o02', 'cec8887d-0000-4000-8000-f10000000002', 'lakeshore', 'PSW', 'Companionship', 'bayview', '2026-09-29 10:00', '2026-10-02 09:00', 6, 'mensah', 45, '2026-10-02 08:58', '2026-10-02 15:00', '6', null),
  ('o03', '31331e6e-0000-4000-8000-f10000000003', 'lakeshore', 'RPN', 'Medication administration', 'university', '2026-10-01 12:00', '2026-10-05 07:00', 8, 'sharma', 4, '2026-10-05 06:55', '2026-10-05 15:00', '8', null),
  ('o04', '24f6012c-0000-4000-8000-f10000000004', 'lakeshore', 'PSW', 'Dementia care', 'avenue45', '2026-10-02 08:00', '2026-10-06 14:00', 8, null, null, null, null, null, null),
  ('o05', '524dffcd-0000-4000-8000-f10000000005', 'lakeshore', 'PSW', 'Personal care', 'dufferin', '2026-10-03 09:00', '2026-10-07 08:00', 10, 'mensah', 50, '2026-10-07 07:59', '2026-10-07 18:00', '10', null),
  ('o06', '2e3a6907-0000-4000-8000-f10000000006', 'lakeshore', 'RN', 'Palliative care', 'eglinton', '2026-10-04 11:00', '2026-10-08 20:00', 12, 'gagnon', 120, '2026-10-08 20:12', '2026-10-09 08:00', '12', 'Family will be present.'),
  ('o07', 'fa0d94ef-0000-4000-8000-f10000000007', 'lakeshore', 'PSW', 'Mobility assistance', 'citycentre', '2026-10-05 10:00', '2026-10-09 09:00', 8, 'cote', 20, '2026-10-09 08:57', '2026-10-09 17:00', '8', null),
  ('o08', '21bc80f9-0000-4000-8000-f10000000008', 'lakeshore', 'DSW', 'Behavioural support', 'mainwest', '2026-10-08 09:00', '2026-10-13 08:00', 8, 'roy', 90, '2026-10-13 07:58', '2026-10-13 16:00', '8', null),
  ('o09', '636cc2ac-0000-4000-8000-f10000000009', 'lakeshore', 'PSW', 'Meal preparation', 'queen1001', '2026-10-10 12:00', '2026-10-14 16:00', 6, null, null, null, null, null, null),
  ('o10', '1169d53b-0000-4000-8000-f10000000010', 'lakeshore', 'RPN', 'Medication administration', 'university', '2026-10-11 08:00', '2026-10-15 07:00', 12, 'sharma', 6, '2026-10-15 06:59', '2026-10-15 19:00', '12', null),
  ('o11', '97cd577a-0000-4000-8000-f10000000011', 'lakeshore', 'PSW', 'Personal care', 'bayview', '2026-10-12 09:00', '2026-10-16 08:00', 8, 'mensah', 40, '2026-10-16 07:58', '2026-10-16 16:00', '8', null),
  ('o12', 'a4412d5a-0000-4000-8000-f10000000012', 'lakeshore', 'PSW', 'Dementia care', 'avenue45', '2026-10-16 10:00', '2026-10-20 09:00', 8, 'cote', 15, '2026-10-20 09:10', '2026-10-20 17:00', '8', null),
  ('o13', '1e99a13f-0000-4000-8000-f10000000013', 'lakeshore', 'PSW', 'Overnight respite', 'dufferin', '2026-10-17 11:00', '2026-10-21 22:00', 10, 'whitfield', 180, '2026-10-21 21:55', '2026-10-22 08:00', '10', null),
  ('o14', '63e8941c-0000-4000-8000-f10000000014', 'lakeshore', 'CYW', 'Behavioural support', 'mainwest', '2026-10-18 09:00', '2026-10-22 08:00', 8, 'fortin', 60, null, null, null, null),
  ('o15', 'beb92ca1-0000-4000-8000-f10000000015', 'lakeshore', 'PSW', 'Personal care', 'citycentre', '2026-10-19 09:00', '2026-10-23 09:00', 8, 'mensah', 35, '2026-10-23 08:59', '2026-10-23 17:00', '8', null),
  ('o16', '389e2b0f-0000-4000-8000-f10000000016', 'lakeshore', 'PSW', 'Companionship', 'stjoseph', '2026-10-22 10:00', '2026-10-26 10:00', 6, 'bouchard', 240, '2026-10-26 09:58', '2026-10-26 16:00', '6', 'Client prefers French.'),
  ('o17', '7bd45a69-0000-4000-8000-f10000000017', 'lakeshore', 'RN', 'Wound care', 'eglinton', '2026-10-23 08:00', '2026-10-27 08:00', 8, null, null, null, null, null, null),
  ('o18', 'cf844bb9-0000-4000-8000-f10000000018', 'lakeshore', 'PSW', 'Personal care', 'dufferin', '2026-10-24 09:00', '2026-10-28 07:00', 8, 'lefebvre', 25, '2026-10-28 07:05', '2026-10-28 15:00', '8', null),
  ('o19', '04cfe9af-0000-4000-8000-f10000000019', 'lakeshore', 'RPN', 'Medication administration', 'university', '2026-10-25 09:00', '2026-10-29 08:00', 8, 'sharma', 5, '2026-10-29 08:02', '2026-10-29 16:00', '8', null),
  ('o20', '93c951f5-0000-4000-8000-f10000000020', 'lakeshore', 'PSW', 'Dementia care', 'bayview', '2026-10-26 09:00', '2026-10-30 12:00', 8, null, null, null, null, null, null),
  -- November 1-15: n07 expired unfilled, n10 late (45 min).
  ('n01', 'a1938837-0000-4000-8000-f10000000021', 'lakeshore', 'PSW', 'Personal care', 'citycentre', '2026-10-29 09:00', '2026-11-02 08:00', 8, 'cote', 10, '2026-11-02 07:58', '2026-11-02 16:00', '8', null),
  ('n02', '01bec87d-0000-4000-8000-f10000000022', 'lakeshore', 'RPN', 'Medication administration', 'university', '2026-10-30 10:00', '2026-11-03 09:00', 8, 'sharma', 3, '2026-11-03 08:55', '2026-11-03 17:00', '8', null),
  ('n03', 'e1592cb5-0000-4000-8000-f10000000023', 'lakeshore', 'PSW', 'Personal care', 'dufferin', '2026-10-31 09:00', '2026-11-04 07:00', 12, 'mensah', 30, '2026-11-04 06:58', '2026-11-04 19:00', '12', null),
  ('n04', '9be22fed-0000-4000-8000-f10000000024', 'lakeshore', 'PSW', 'Companionship', 'bayview', '2026-11-01 10:00', '2026-11-05 14:00', 6, 'tremblay', 60, '2026-11-05 13:57', '2026-11-05 20:00', '6', null),
  ('n05', '6e9d3658-0000-4000-8000-f10000000025', 'lakeshore', 'DSW', 'Behavioural support', 'mainwest', '2026-11-02 09:00', '2026-11-06 08:00', 8, 'roy', 45, '2026-11-06 08:00', '2026-11-06 16:00', '8', null),
  ('n06', '9062866e-0000-4000-8000-f10000000026', 'lakeshore', 'PSW', 'Dementia care', 'eglinton', '2026-11-05 09:00', '2026-11-09 08:00', 8, 'cote', 20, '2026-11-09 07:59', '2026-11-09 16:00', '8', null),
  ('n07', 'cc8ae53f-0000-4000-8000-f10000000027', 'lakeshore', 'PSW', 'Meal preparation', 'citycentre', '2026-11-06 10:00', '2026-11-10 10:00', 6, null, null, null, null, null, null),
  ('n08', '5e7e7950-0000-4000-8000-f10000000028', 'lakeshore', 'RN', 'Wound care', 'eglinton', '2026-11-07 08:00', '2026-11-11 07:00', 8, 'gagnon', 90, '2026-11-11 06:58', '2026-11-11 15:00', '8', null),
  ('n09', '560216f9-0000-4000-8000-f10000000029', 'lakeshore', 'PSW', 'Mobility assistance', 'bayview', '2026-11-08 09:00', '2026-11-12 09:00', 8, 'haddad', 120, '2026-11-12 09:05', '2026-11-12 17:00', '8', null),
  ('n10', 'e3950dee-0000-4000-8000-f10000000030', 'lakeshore', 'PSW', 'Personal care', 'dufferin', '2026-11-09 09:00', '2026-11-13 08:00', 8, 'belanger', 25, '2026-11-13 08:45', '2026-11-13 16:00', '7.25', null),
  ('n11', '691497ae-0000-4000-8000-f10000000031', 'lakeshore', 'PSW', 'Overnight respite', 'citycentre', '2026-11-10 09:00', '2026-11-14 20:00', 10, 'mensah', 35, '2026-11-14 19:55', '2026-11-15 06:00', '10', null),
  -- This week (Mon Nov 16 - Sun Nov 22): w01 and w05 expired unfilled, w03 a no-show (yesterday), w04
  -- late 25 min, w08 and w09 in progress at NOW (w09 late 14 min), w21 a no-show in progress, the rest
  -- ahead.
  ('w01', 'cf122855-0000-4000-8000-f10000000032', 'lakeshore', 'PSW', 'Personal care', 'bayview', '2026-11-12 09:00', '2026-11-16 08:00', 8, null, null, null, null, null, null),
  ('w02', '7464f7e4-0000-4000-8000-f10000000033', 'lakeshore', 'RPN', 'Medication administration', 'university', '2026-11-12 10:00', '2026-11-16 09:00', 8, 'sharma', 4, '2026-11-16 08:58', '2026-11-16 17:00', '8', null),
  ('w03', '0bde9ac1-0000-4000-8000-f10000000034', 'lakeshore', 'PSW', 'Companionship', 'citycentre', '2026-11-13 09:00', '2026-11-17 08:00', 8, 'oconnor', 50, null, null, null, null),
  ('w04', 'dbe1d220-0000-4000-8000-f10000000035', 'lakeshore', 'PSW', 'Dementia care', 'avenue45', '2026-11-13 10:00', '2026-11-17 09:00', 8, 'cote', 15, '2026-11-17 09:25', '2026-11-17 17:00', '7.5', null),
  ('w05', '8a78db41-0000-4000-8000-f10000000036', 'lakeshore', 'PSW', 'Meal preparation', 'dufferin', '2026-11-13 11:00', '2026-11-17 13:00', 6, null, null, null, null, null, null),
  ('w06', 'd5ecdf3e-0000-4000-8000-f10000000037', 'lakeshore', 'RN', 'Wound care', 'eglinton', '2026-11-14 09:00', '2026-11-17 14:00', 8, 'gagnon', 60, '2026-11-17 13:58', '2026-11-17 22:00', '8', null),
  ('w07', 'ec4afaff-0000-4000-8000-f10000000038', 'lakeshore', 'PSW', 'Personal care', 'mainwest', '2026-11-14 10:00', '2026-11-18 07:00', 8, 'lefebvre', 20, '2026-11-18 06:57', '2026-11-18 14:58', '8', null),
  ('w08', 'e65cf542-0000-4000-8000-f10000000039', 'lakeshore', 'PSW', 'Mobility assistance', 'bayview', '2026-11-14 11:00', '2026-11-18 09:00', 10, 'mensah', 30, '2026-11-18 08:58', null, null, null),
  ('w09', '9dba7005-0000-4000-8000-f10000000040', 'lakeshore', 'RPN', 'Medication administration', 'university', '2026-11-15 09:00', '2026-11-18 13:00', 8, 'tremblay', 40, '2026-11-18 13:14', null, null, null),
  ('w10', '7e54b4e1-0000-4000-8000-f10000000041', 'lakeshore', 'PSW', 'Overnight respite', 'dufferin', '2026-11-16 09:00', '2026-11-18 19:00', 8, null, null, null, null, null, 'Side door; ring twice.'),
  ('w11', '3a46adc0-0000-4000-8000-f10000000042', 'lakeshore', 'PSW', 'Personal care', 'citycentre', '2026-11-16 10:00', '2026-11-19 07:00', 8, null, null, null, null, null, null),
  ('w12', 'd5caa867-0000-4000-8000-f10000000043', 'lakeshore', 'PSW', 'Dementia care', 'queen220', '2026-11-16 11:00', '2026-11-19 09:00', 6, null, null, null, null, null, null),
  ('w13', 'c9db0423-0000-4000-8000-f10000000044', 'lakeshore', 'RN', 'Wound care', 'eglinton', '2026-11-15 10:00', '2026-11-19 10:00', 8, 'gagnon', 30, null, null, null, null),
  ('w14', 'eb06c3db-0000-4000-8000-f10000000045', 'lakeshore', 'RPN', 'Medication administration', 'university', '2026-11-17 09:00', '2026-11-19 19:00', 8, null, null, null, null, null, null),
  ('w15', '7d406f43-0000-4000-8000-f10000000046', 'lakeshore', 'PSW', 'Companionship', 'bayview', '2026-11-17 10:00', '2026-11-20 08:00', 8, null, null, null, null, null, null),
  ('w16', 'e528fe30-0000-4000-8000-f10000000047', 'lakeshore', 'PSW', 'Personal care', 'dufferin', '2026-11-16 12:00', '2026-11-20 09:00', 8, 'cote', 30, null, null, null, null),
  ('w17', 'd5a764fa-0000-4000-8000-f10000000048', 'lakeshore', 'DSW', 'Behavioural support', 'mainwest', '2026-11-17 11:00', '2026-11-21 10:00', 6, null, null, null, null, null, null),
  ('w18', '292b314d-0000-4000-8000-f10000000049', 'lakeshore', 'PSW', 'Personal care', 'citycentre', '2026-11-17 09:00', '2026-11-21 08:00', 8, 'haddad', 60, null, null, null, null),
  ('w19', '485482dd-0000-4000-8000-f10000000050', 'lakeshore', 'PSW', 'Meal preparation', 'bayview', '2026-11-18 09:00', '2026-11-22 09:00', 8, null, null, null, null, null, null),
  ('w20', '6d764b0f-0000-4000-8000-f10000000051', 'lakeshore', 'PSW', 'Overnight respite', 'dufferin', '2026-11-18 08:00', '2026-11-22 20:00', 10, 'nguyen', 15, null, null, null, null),
  -- w21: a no-show now: Sophie Gagné accepted it and has not clocked in two hours after the start.
  ('w21', 'b7c3e912-0000-4000-8000-f10000000071', 'lakeshore', 'PSW', 'Personal care', 'king12', '2026-11-15 10:00', '2026-11-18 13:00', 8, 'gagne', 30, null, null, null, 'Client uses a walker.'),
  -- Next week (Mon Nov 23 - Sun Nov 29): 4 pending, 4 assigned; two on Sat Nov 28.
  ('nw01', '1d7d711a-0000-4000-8000-f10000000052', 'lakeshore', 'PSW', 'Personal care', 'queen100', '2026-11-18 10:00', '2026-11-23 08:00', 8, null, null, null, null, null, 'Ring the buzzer for unit 1204.'),
  ('nw02', '1efdce87-0000-4000-8000-f10000000053', 'lakeshore', 'RPN', 'Medication administration', 'university', '2026-11-17 12:00', '2026-11-23 09:00', 8, 'sharma', 5, null, null, null, null),
  ('nw03', 'd80896b4-0000-4000-8000-f10000000054', 'lakeshore', 'PSW', 'Companionship', 'eglise', '2026-11-18 11:00', '2026-11-24 14:00', 6, null, null, null, null, null, 'Client prefers French.'),
  ('nw04', '3a559935-0000-4000-8000-f10000000055', 'lakeshore', 'RN', 'Palliative care', 'eglinton', '2026-11-16 09:00', '2026-11-25 07:00', 12, 'gagnon', 45, null, null, null, null),
  ('nw05', 'd5a24561-0000-4000-8000-f10000000056', 'lakeshore', 'PSW', 'Dementia care', 'avenue45', '2026-11-17 09:00', '2026-11-26 09:00', 8, 'cote', 20, null, null, null, null),
  ('nw06', 'fc785dbd-0000-4000-8000-f10000000057', 'lakeshore', 'CYW', 'Behavioural support', 'mainwest', '2026-11-18 12:00', '2026-11-27 08:00', 8, null, null, null, null, null, null),
  ('nw07', '77ff227a-0000-4000-8000-f10000000058', 'lakeshore', 'PSW', 'Personal care', 'citycentre', '2026-11-16 14:00', '2026-11-28 09:00', 8, 'cote', 25, null, null, null, null),
  ('nw08', '27e9416f-0000-4000-8000-f10000000059', 'lakeshore', 'PSW', 'Meal preparation', 'dufferin', '2026-11-18 13:00', '2026-11-28 18:00', 6, null, null, null, null, null, null),
  -- December (next month): 3 pending, 2 assigned.
  ('d01', 'd5632b5f-0000-4000-8000-f10000000060', 'lakeshore', 'PSW', 'Personal care', 'bayview', '2026-11-18 14:00', '2026-12-02 08:00', 8, null, null, null, null, null, null),
  ('d02', '188fe292-0000-4000-8000-f10000000061', 'lakeshore', 'RPN', 'Medication administration', 'university', '2026-11-17 10:00', '2026-12-04 09:00', 8, 'sharma', 6, null, null, null, null),
  ('d03', '79954bfa-0000-4000-8000-f10000000062', 'lakeshore', 'PSW', 'Overnight respite', 'dufferin', '2026-11-18 14:30', '2026-12-08 20:00', 10, null, null, null, null, null, null),
  ('d04', '39356cc8-0000-4000-8000-f10000000063', 'lakeshore', 'PSW', 'Companionship', 'stjoseph', '2026-11-16 10:00', '2026-12-12 10:00', 6, 'bouchard', 120, null, null, null, null),
  ('d05', 'e70fb0ac-0000-4000-8000-f10000000064', 'lakeshore', 'RN', 'Wound care', 'eglinton', '2026-11-18 14:45', '2026-12-15 08:00', 8, null, null, null, null, null, null),
  -- Ninebark (the other agency): never in a Lakeshore answer. Priya Sharma's shifts here must not
  -- count for Lakeshore; xo3 is at Lakeshore's 100 Queen Street West and open tomorrow.
  ('xo1', 'cf3763c1-0000-4000-8000-f20000000065', 'ninebark', 'RPN', 'Medication administration', 'ninebark12', '2026-10-10 09:00', '2026-10-15 07:00', 12, 'sharma', 2, '2026-10-15 06:58', '2026-10-15 19:00', '12', 'Quuxley family home.'),
  ('xo2', 'ff71d6c3-0000-4000-8000-f20000000066', 'ninebark', 'PSW', 'Personal care', 'ninebark77', '2026-11-14 09:00', '2026-11-18 09:00', 8, 'quuxley', 10, '2026-11-18 08:59', null, null, null),
  ('xo3', '23a96043-0000-4000-8000-f20000000067', 'ninebark', 'PSW', 'Personal care', 'queen100', '2026-11-16 09:00', '2026-11-19 08:00', 8, null, null, null, null, null, 'Ninebark client; use the lobby phone.'),
  ('xo4', '8e66d9fe-0000-4000-8000-f20000000068', 'ninebark', 'DSW', 'Behavioural support', 'ninebark12', '2026-11-13 09:00', '2026-11-17 08:00', 8, 'vantongeren', 30, null, null, null, null),
  ('xo5', '5ac1b5db-0000-4000-8000-f20000000069', 'ninebark', 'PSW', 'Companionship', 'ninebark77', '2026-11-13 10:00', '2026-11-17 09:00', 8, 'quuxley', 1, '2026-11-17 09:40', '2026-11-17 17:00', '7.3', null),
  ('xo6', '536a23a9-0000-4000-8000-f20000000070', 'ninebark', 'PSW', 'Personal care', 'ninebark12', '2026-11-17 09:00', '2026-11-28 10:00', 8, 'sharma', 1, null, null, null, null);

set local session_replication_role = replica;

insert into public.shifts (id, company_id, staff_type, skill, street_number, street_name, city, province, country,
                           postal_code, notes, starts_at, ends_at, latitude, longitude, created_at, accepted_by,
                           accepted_at, clocked_in_at, clocked_out_at, time_done, time_done_minutes)
select f.id, a.id, f.staff_type, f.skill, ad.street_number, ad.street_name, ad.city, ad.province, 'Canada',
       ad.postal_code, f.notes,
       f.starts at time zone 'America/Toronto',
       (f.starts + make_interval(hours => f.hours)) at time zone 'America/Toronto',
       ad.latitude, ad.longitude,
       f.posted at time zone 'America/Toronto',
       st.id,
       (f.posted + make_interval(mins => f.accepted)) at time zone 'America/Toronto',
       f.clocked_in at time zone 'America/Toronto',
       f.clocked_out at time zone 'America/Toronto',
       f.time_done,
       public.time_done_minutes(f.time_done)
from fixture_shifts f
join fixture_accounts a on a.key = f.company
join fixture_addresses ad on ad.key = f.address
left join fixture_staff st on st.key = f.staff;

-- The history the triggers would have written, at the fixture's times, so shift timelines work.
insert into public.shift_events (shift_id, company_id, event, actor_id, occurred_at, details)
select s.id, s.company_id, e.event, e.actor_id, e.occurred_at, e.details
from public.shifts s
cross join lateral (values
  ('posted', s.company_id, s.created_at,
   jsonb_build_object('notified', (select count(*) from public.employments em where em.company_id = s.company_id))),
  ('accepted', s.accepted_by, s.accepted_at, jsonb_build_object('staff_id', s.accepted_by)),
  ('clocked_in', s.accepted_by, s.clocked_in_at, jsonb_build_object('staff_id', s.accepted_by)),
  ('clocked_out', s.accepted_by, s.clocked_out_at,
   jsonb_build_object('staff_id', s.accepted_by, 'time_done', s.time_done, 'by', 'staff'))
) as e (event, actor_id, occurred_at, details)
where s.company_id in ('f1000000-0000-4000-8000-000000000001', 'f2000000-0000-4000-8000-000000000001')
  and e.occurred_at is not null;

set local session_replication_role = origin;

-- Who may cover what (issue 28): the qualifications Lakeshore recorded, the credentials it verified,
-- the staff's time off. tests/assistant/bank.ts's "cover" section answers from these.
--   Staff types: PSW (Côté, Gagné, Bouchard, Mensah, O'Connor, Lefebvre, Haddad, Li, Bélanger, Nguyen),
--   RPN (Sharma, Tremblay), RN (Gagnon), DSW (Roy), CYW (Fortin); an RN may cover an RPN shift and
--   an RPN a PSW shift. Skills recorded for three: Côté, Li, Nguyen (no dementia care for Li and
--   Nguyen). Mensah works at most 12 hours a week.
--   A PSW shift needs a verified, valid CPR/First aid; an RPN or RN shift a Nursing registration.
--   Li's CPR expired Nov 15, Nguyen's expires Nov 20, Bouchard's is not verified, Fortin has none.
--   Time off: Bélanger on Nov 19, Fortin Nov 26 to Nov 27 (notes never shown).
--   Ninebark recorded a credential of Priya Sharma and a requirement of its own: never Lakeshore's.
update public.employments e
set staff_types = q.staff_types, skills = q.skills, max_weekly_hours = q.max_weekly_hours
from (values
  ('cote', '{PSW}'::text[], '{Personal care,Dementia care,Mobility assistance,Companionship}'::text[], null::numeric),
  ('tremblay', '{RPN}', '{}', null),
  ('gagnon', '{RN}', '{}', null),
  ('gagne', '{PSW}', '{}', null),
  ('roy', '{DSW}', '{}', null),
  ('bouchard', '{PSW}', '{}', null),
  ('sharma', '{RPN}', '{}', null),
  ('mensah', '{PSW}', '{}', 12),
  ('oconnor', '{PSW}', '{}', null),
  ('lefebvre', '{PSW}', '{}', null),
  ('haddad', '{PSW}', '{}', null),
  ('li', '{PSW}', '{Personal care,Companionship,Meal preparation}', null),
  ('fortin', '{CYW}', '{}', null),
  ('belanger', '{PSW}', '{}', null),
  ('nguyen', '{PSW}', '{Personal care,Overnight respite}', null)
) as q (key, staff_types, skills, max_weekly_hours)
join fixture_staff st on st.key = q.key
where e.staff_id = st.id and e.company_id = 'f1000000-0000-4000-8000-000000000001';

insert into public.staff_type_requirements (company_id, staff_type, credential_type) values
  ('f1000000-0000-4000-8000-000000000001', 'PSW', 'CPR/First aid'),
  ('f1000000-0000-4000-8000-000000000001', 'RPN', 'Nursing registration'),
  ('f1000000-0000-4000-8000-000000000001', 'RN', 'Nursing registration'),
  ('f2000000-0000-4000-8000-000000000001', 'PSW', 'Quuxley Home Access');

insert into public.staff_type_coverage (company_id, staff_type, may_cover) values
  ('f1000000-0000-4000-8000-000000000001', 'RN', 'RPN'),
  ('f1000000-0000-4000-8000-000000000001', 'RPN', 'PSW');

insert into public.staff_credentials (company_id, staff_id, credential_type, issued_on, expires_on, verified_at,
                                      verified_by, created_at)
select a.id, st.id, c.credential_type, c.issued_on, c.expires_on,
       case when c.verified then '2026-08-12 10:00 America/Toronto'::timestamptz end,
       case when c.verified then 'Fixture Scheduler' end,
       '2026-08-12 09:00 America/Toronto'
from (values
  ('lakeshore', 'cote', 'CPR/First aid', '2025-06-30'::date, '2027-06-30'::date, true),
  ('lakeshore', 'tremblay', 'CPR/First aid', '2025-06-30', '2027-06-30', true),
  ('lakeshore', 'gagnon', 'CPR/First aid', '2025-06-30', '2027-06-30', true),
  ('lakeshore', 'gagne', 'CPR/First aid', '2025-06-30', '2027-06-30', true),
  ('lakeshore', 'roy', 'CPR/First aid', '2025-06-30', '2027-06-30', true),
  ('lakeshore', 'sharma', 'CPR/First aid', '2025-06-30', '2027-06-30', true),
  ('lakeshore', 'mensah', 'CPR/First aid', '2025-06-30', '2027-06-30', true),
  ('lakeshore', 'oconnor', 'CPR/First aid', '2025-06-30', '2027-06-30', true),
  ('lakeshore', 'lefebvre', 'CPR/First aid', '2025-06-30', '2027-06-30', true),
  ('lakeshore', 'haddad', 'CPR/First aid', '2025-06-30', '2027-06-30', true),
  ('lakeshore', 'belanger', 'CPR/First aid', '2025-06-30', '2027-06-30', true),
  ('lakeshore', 'li', 'CPR/First aid', '2024-11-15', '2026-11-15', true),
  ('lakeshore', 'nguyen', 'CPR/First aid', '2024-11-20', '2026-11-20', true),
  ('lakeshore', 'bouchard', 'CPR/First aid', '2026-03-31', '2027-03-31', false),
  ('lakeshore', 'sharma', 'Nursing registration', '2026-01-01', '2027-12-31', true),
  ('lakeshore', 'tremblay', 'Nursing registration', '2026-01-01', '2027-12-31', true),
  ('lakeshore', 'gagnon', 'Nursing registration', '2026-01-01', '2027-12-31', true),
  ('ninebark', 'sharma', 'Quuxley Home Access', '2026-09-01', '2026-10-01', true)
) as c (company, staff, credential_type, issued_on, expires_on, verified)
join fixture_accounts a on a.key = c.company
join fixture_staff st on st.key = c.staff;

insert into public.staff_time_off (staff_id, starts_at, ends_at, note, created_at)
select st.id, t.starts_at at time zone 'America/Toronto', t.ends_at at time zone 'America/Toronto', t.note,
       '2026-11-10 09:00 America/Toronto'
from (values
  ('belanger', '2026-11-19 00:00'::timestamp, '2026-11-20 00:00'::timestamp, 'Family visit'),
  ('fortin', '2026-11-26 00:00', '2026-11-28 00:00', 'Exams')
) as t (staff, starts_at, ends_at, note)
join fixture_staff st on st.key = t.staff;

commit;
