-- Demo data for local runs: three agencies (two in Canada, one in the US), a dozen staff, shifts
-- in every status, notifications and history produced by the real triggers. Safe to run twice:
-- users and employments use fixed ids with `on conflict do nothing`, and shifts are only inserted
-- while their agency has none (the posting trigger counts every insert attempt).
--
-- demo-login: demo@carecover.app / Demo!2345 (agency: Maple Leaf Home Care, Toronto, free plan, 6 of 10 shifts used, code DEMO)
-- demo-login: cascadia@carecover.app / Demo!2345 (agency: Cascadia Care Partners, Seattle, premium)
-- demo-login: prairie@carecover.app / Demo!2345 (agency: Prairie Support Services, Calgary, free plan at 9 of 10 shifts)
-- demo-login: amelia.tremblay@example.com / Staff!2345 (staff: works for Maple Leaf and Prairie; log in to the staff app, or script it with `npm run staff`)
--
-- US postal codes are ZIP+4 because SPEC §5 asks for at least 6 characters.

-- Accounts: the sign-up trigger creates the companies and staff rows from the metadata.
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                        raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
select '00000000-0000-0000-0000-000000000000', u.id::uuid, 'authenticated', 'authenticated', u.email,
       extensions.crypt(u.password, extensions.gen_salt('bf', 10)), now(),
       '{"provider":"email","providers":["email"]}', u.meta::jsonb,
       now() - u.age::interval, now() - u.age::interval
from (values
  ('11111111-1111-4111-8111-111111111111', 'demo@carecover.app', 'Demo!2345', '{"account_type":"company"}', '90 days'),
  ('22222222-2222-4222-8222-222222222222', 'cascadia@carecover.app', 'Demo!2345', '{"account_type":"company"}', '120 days'),
  ('33333333-3333-4333-8333-333333333333', 'prairie@carecover.app', 'Demo!2345', '{"account_type":"company"}', '45 days'),
  ('aaaaaaaa-0000-4000-8000-000000000001', 'amelia.tremblay@example.com', 'Staff!2345',
   '{"account_type":"staff","first_name":"Amelia","last_name":"Tremblay","phone":"416-555-0142"}', '80 days'),
  ('aaaaaaaa-0000-4000-8000-000000000002', 'jordan.singh@example.com', 'Staff!2345',
   '{"account_type":"staff","first_name":"Jordan","last_name":"Singh","phone":"647-555-0178"}', '79 days'),
  ('aaaaaaaa-0000-4000-8000-000000000003', 'marie.gagnon@example.com', 'Staff!2345',
   '{"account_type":"staff","first_name":"Marie","last_name":"Gagnon","phone":"905-555-0113"}', '75 days'),
  ('aaaaaaaa-0000-4000-8000-000000000004', 'kwame.mensah@example.com', 'Staff!2345',
   '{"account_type":"staff","first_name":"Kwame","last_name":"Mensah","phone":"416-555-0190"}', '70 days'),
  ('aaaaaaaa-0000-4000-8000-000000000005', 'priya.patel@example.com', 'Staff!2345',
   '{"account_type":"staff","first_name":"Priya","last_name":"Patel","phone":"289-555-0127"}', '64 days'),
  ('aaaaaaaa-0000-4000-8000-000000000006', 'liam.obrien@example.com', 'Staff!2345',
   '{"account_type":"staff","first_name":"Liam","last_name":"O''Brien","phone":"206-555-0161"}', '60 days'),
  ('aaaaaaaa-0000-4000-8000-000000000007', 'sofia.reyes@example.com', 'Staff!2345',
   '{"account_type":"staff","first_name":"Sofia","last_name":"Reyes","phone":"253-555-0134"}', '55 days'),
  ('aaaaaaaa-0000-4000-8000-000000000008', 'ethan.nguyen@example.com', 'Staff!2345',
   '{"account_type":"staff","first_name":"Ethan","last_name":"Nguyen","phone":"206-555-0109"}', '50 days'),
  ('aaaaaaaa-0000-4000-8000-000000000009', 'grace.kim@example.com', 'Staff!2345',
   '{"account_type":"staff","first_name":"Grace","last_name":"Kim","phone":"503-555-0182"}', '41 days'),
  ('aaaaaaaa-0000-4000-8000-000000000010', 'noah.williams@example.com', 'Staff!2345',
   '{"account_type":"staff","first_name":"Noah","last_name":"Williams","phone":"425-555-0156"}', '33 days'),
  ('aaaaaaaa-0000-4000-8000-000000000011', 'chloe.martin@example.com', 'Staff!2345',
   '{"account_type":"staff","first_name":"Chloe","last_name":"Martin","phone":"403-555-0171"}', '30 days'),
  ('aaaaaaaa-0000-4000-8000-000000000012', 'daniel.cardinal@example.com', 'Staff!2345',
   '{"account_type":"staff","first_name":"Daniel","last_name":"Cardinal","phone":"780-555-0118"}', '21 days')
) as u (id, email, password, meta, age)
on conflict (id) do nothing;

insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
select u.id::text, u.id,
       jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
       'email', u.created_at, u.created_at
from auth.users u
where u.id in ('11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222',
               '33333333-3333-4333-8333-333333333333')
   or u.id::text like 'aaaaaaaa-0000-4000-8000-0000000000__'
on conflict (provider_id, provider) do nothing;

-- Onboarded profiles. Fixed codes make the demo repeatable (`npm run staff -- … --code DEMO`).
update public.companies c
set company_name = p.company_name, phone = p.phone, street = p.street, city = p.city,
    province = p.province, country = p.country, postal_code = p.postal_code, staff_size = p.staff_size,
    referral_source = p.referral_source, company_type = p.company_type, time_zone = p.time_zone,
    company_code = p.company_code, premium = p.premium, stripe_customer_id = p.stripe_customer_id,
    created_at = u.created_at
from (values
  ('11111111-1111-4111-8111-111111111111'::uuid, 'Maple Leaf Home Care', '4165550100', '200 Front Street West, Suite 2300',
   'Toronto', 'Ontario', 'Canada', 'M5V 3K2', '31-60', 'Social Media', 'Homecare Company', 'America/Toronto', 'DEMO', false, null),
  ('22222222-2222-4222-8222-222222222222'::uuid, 'Cascadia Care Partners', '2065550100', '1420 Fifth Avenue, Suite 2200',
   'Seattle', 'Washington', 'United States', '98101-2333', '61-80', 'Referral', 'Developmental Support Company',
   'America/Los_Angeles', 'CASC', true, 'cus_DemoCascadia0001'),
  ('33333333-3333-4333-8333-333333333333'::uuid, 'Prairie Support Services', '4035550100', '639 5 Avenue SW, Suite 1100',
   'Calgary', 'Alberta', 'Canada', 'T2P 0M9', '10-30', 'Company Agent', 'Child and Youth Care Company', 'America/Edmonton',
   'PR#9', false, null)
) as p (id, company_name, phone, street, city, province, country, postal_code, staff_size, referral_source,
        company_type, time_zone, company_code, premium, stripe_customer_id)
join auth.users u on u.id = p.id
where c.id = p.id;

-- Employments (before the shifts, so posting notifies these staff).
insert into public.employments (staff_id, company_id, added_at)
select e.staff_id::uuid, e.company_id::uuid, now() - e.age::interval
from (values
  ('aaaaaaaa-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111', '78 days'),
  ('aaaaaaaa-0000-4000-8000-000000000002', '11111111-1111-4111-8111-111111111111', '77 days'),
  ('aaaaaaaa-0000-4000-8000-000000000003', '11111111-1111-4111-8111-111111111111', '74 days'),
  ('aaaaaaaa-0000-4000-8000-000000000004', '11111111-1111-4111-8111-111111111111', '69 days'),
  ('aaaaaaaa-0000-4000-8000-000000000005', '11111111-1111-4111-8111-111111111111', '60 days'),
  ('aaaaaaaa-0000-4000-8000-000000000006', '11111111-1111-4111-8111-111111111111', '12 days'),
  ('aaaaaaaa-0000-4000-8000-000000000006', '22222222-2222-4222-8222-222222222222', '59 days'),
  ('aaaaaaaa-0000-4000-8000-000000000007', '22222222-2222-4222-8222-222222222222', '54 days'),
  ('aaaaaaaa-0000-4000-8000-000000000008', '22222222-2222-4222-8222-222222222222', '49 days'),
  ('aaaaaaaa-0000-4000-8000-000000000009', '22222222-2222-4222-8222-222222222222', '40 days'),
  ('aaaaaaaa-0000-4000-8000-000000000010', '22222222-2222-4222-8222-222222222222', '32 days'),
  ('aaaaaaaa-0000-4000-8000-000000000001', '33333333-3333-4333-8333-333333333333', '20 days'),
  ('aaaaaaaa-0000-4000-8000-000000000011', '33333333-3333-4333-8333-333333333333', '29 days'),
  ('aaaaaaaa-0000-4000-8000-000000000012', '33333333-3333-4333-8333-333333333333', '20 days')
) as e (staff_id, company_id, age)
on conflict (staff_id, company_id) do nothing;

-- Shifts, posted through the real trigger (plan count, notifications, history). Start and end are
-- relative to now so every status stays plausible whenever the seed runs. `starts` and `posted`
-- are offsets from now; `hours` is the length. Ids differ in their first 8 characters, the ShiftID the
-- dashboard copies and the assistant shows.
insert into public.shifts (id, company_id, staff_type, skill, street_number, street_name, city, province,
                           country, postal_code, notes, starts_at, ends_at, latitude, longitude, created_at)
select s.id::uuid, s.company_id::uuid, s.staff_type, s.skill, s.street_number, s.street_name, s.city,
       s.province, s.country, s.postal_code, s.notes,
       date_trunc('hour', now()) + s.starts::interval,
       date_trunc('hour', now()) + s.starts::interval + make_interval(hours => s.hours),
       s.latitude, s.longitude, now() + s.posted::interval
from (values
  -- Maple Leaf Home Care (demo): 2 pending, 1 assigned, 1 in progress, 2 completed.
  ('7c2e91a4-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111', 'PSW', 'Dementia care',
   '88', 'Queens Quay West', 'Toronto', 'Ontario', 'Canada', 'M5J 0B8', 'Ring unit 1204; client prefers French.',
   '2 days 8 hours', 8, 43.6405, -79.3801, '-2 hours'),
  ('b81d0f35-0000-4000-8000-000000000002', '11111111-1111-4111-8111-111111111111', 'RPN', 'Medication administration',
   '1280', 'Main Street West', 'Hamilton', 'Ontario', 'Canada', 'L8S 4L8', null,
   '3 days 14 hours', 6, 43.2609, -79.9192, '-1 hour'),
  ('3fa6c2e8-0000-4000-8000-000000000003', '11111111-1111-4111-8111-111111111111', 'PSW', 'Personal care',
   '100', 'City Centre Drive', 'Mississauga', 'Ontario', 'Canada', 'L5B 2C9', 'Parking at the rear entrance.',
   '1 day 7 hours', 8, 43.5931, -79.6424, '-1 day'),
  ('e05b7d19-0000-4000-8000-000000000004', '11111111-1111-4111-8111-111111111111', 'RN', 'Wound care',
   '111', 'Wellington Street', 'Ottawa', 'Ontario', 'Canada', 'K1A 0A9', null,
   '-2 hours', 8, 45.4236, -75.7009, '-2 days'),
  ('9d43a0c6-0000-4000-8000-000000000005', '11111111-1111-4111-8111-111111111111', 'PSW', 'Companionship',
   '250', 'Yonge Street', 'Toronto', 'Ontario', 'Canada', 'M5B 2L7', null,
   '-1 day -10 hours', 6, 43.6544, -79.3807, '-4 days'),
  ('41c8e7b2-0000-4000-8000-000000000006', '11111111-1111-4111-8111-111111111111', 'RPN', 'Palliative care',
   '55', 'King Street West', 'Kitchener', 'Ontario', 'Canada', 'N2G 4W1', 'Family will be present.',
   '-5 days -9 hours', 12, 43.4510, -80.4927, '-8 days'),
  -- Cascadia Care Partners (premium): 3 pending, 2 assigned, 1 in progress, 2 completed.
  ('5b000000-0000-4000-8000-000000000001', '22222222-2222-4222-8222-222222222222', 'DSP', 'Behavioural support',
   '400', 'Broad Street', 'Seattle', 'Washington', 'United States', '98109-4607', null,
   '1 day 15 hours', 8, 47.6205, -122.3493, '-3 hours'),
  ('5b000000-0000-4000-8000-000000000002', '22222222-2222-4222-8222-222222222222', 'CNA', 'Mobility assistance',
   '1001', 'SW 5th Avenue', 'Portland', 'Oregon', 'United States', '97204-1147', 'Client uses a Hoyer lift.',
   '4 days 6 hours', 10, 45.5163, -122.6795, '-5 hours'),
  ('5b000000-0000-4000-8000-000000000003', '22222222-2222-4222-8222-222222222222', 'DSP', 'Community outing',
   '1717', 'Pacific Avenue', 'Tacoma', 'Washington', 'United States', '98402-3203', null,
   '6 days 9 hours', 4, 47.2451, -122.4379, '-30 minutes'),
  ('5b000000-0000-4000-8000-000000000004', '22222222-2222-4222-8222-222222222222', 'CNA', 'Personal care',
   '500', '108th Avenue NE', 'Bellevue', 'Washington', 'United States', '98004-5580', null,
   '20 hours', 8, 47.6154, -122.1962, '-1 day'),
  ('5b000000-0000-4000-8000-000000000005', '22222222-2222-4222-8222-222222222222', 'RN', 'Tube feeding',
   '3000', 'Rockefeller Avenue', 'Everett', 'Washington', 'United States', '98201-4046', null,
   '2 days 7 hours', 12, 47.9790, -122.2021, '-1 day'),
  ('5b000000-0000-4000-8000-000000000006', '22222222-2222-4222-8222-222222222222', 'DSP', 'Daily living skills',
   '2200', 'Westlake Avenue', 'Seattle', 'Washington', 'United States', '98121-1713', null,
   '-3 hours', 8, 47.6175, -122.3380, '-3 days'),
  ('5b000000-0000-4000-8000-000000000007', '22222222-2222-4222-8222-222222222222', 'CNA', 'Overnight supervision',
   '805', 'SW Broadway', 'Portland', 'Oregon', 'United States', '97205-3356', null,
   '-2 days -2 hours', 10, 45.5192, -122.6813, '-6 days'),
  ('5b000000-0000-4000-8000-000000000008', '22222222-2222-4222-8222-222222222222', 'RN', 'Diabetes management',
   '9', 'W Main Avenue', 'Spokane', 'Washington', 'United States', '99201-0123', null,
   '-9 days -8 hours', 8, 47.6588, -117.4260, '-12 days'),
  -- Prairie Support Services (free plan, 9 of 10 shifts): 4 pending, 1 assigned, 4 completed.
  ('5c000000-0000-4000-8000-000000000001', '33333333-3333-4333-8333-333333333333', 'Youth worker', 'Crisis de-escalation',
   '800', 'Macleod Trail SE', 'Calgary', 'Alberta', 'Canada', 'T2G 2M3', null,
   '1 day 16 hours', 8, 51.0447, -114.0606, '-4 hours'),
  ('5c000000-0000-4000-8000-000000000002', '33333333-3333-4333-8333-333333333333', 'Youth worker', 'Residential support',
   '10365', '97 Street NW', 'Edmonton', 'Alberta', 'Canada', 'T5J 3N6', 'Group home; sign in at front desk.',
   '2 days 22 hours', 10, 53.5461, -113.4938, '-4 hours'),
  ('5c000000-0000-4000-8000-000000000003', '33333333-3333-4333-8333-333333333333', 'Child and youth care worker', 'Respite care',
   '4702', '50 Avenue', 'Red Deer', 'Alberta', 'Canada', 'T4N 4A1', null,
   '5 days 8 hours', 6, 52.2681, -113.8112, '-2 hours'),
  ('5c000000-0000-4000-8000-000000000004', '33333333-3333-4333-8333-333333333333', 'Youth worker', 'School support',
   '910', '4 Avenue S', 'Lethbridge', 'Alberta', 'Canada', 'T1J 0P5', null,
   '7 days 8 hours', 7, 49.6935, -112.8418, '-1 hour'),
  ('5c000000-0000-4000-8000-000000000005', '33333333-3333-4333-8333-333333333333', 'Child and youth care worker', 'Life skills',
   '2220', '2 Street SW', 'Calgary', 'Alberta', 'Canada', 'T2S 3C2', null,
   '1 day 9 hours', 8, 51.0335, -114.0680, '-1 day'),
  ('5c000000-0000-4000-8000-000000000006', '33333333-3333-4333-8333-333333333333', 'Youth worker', 'Recreation',
   '9797', 'Jasper Avenue', 'Edmonton', 'Alberta', 'Canada', 'T5J 1N9', null,
   '-3 days -8 hours', 8, 53.5409, -113.4937, '-7 days'),
  ('5c000000-0000-4000-8000-000000000007', '33333333-3333-4333-8333-333333333333', 'Child and youth care worker', 'Overnight respite',
   '1110', 'Centre Street NE', 'Calgary', 'Alberta', 'Canada', 'T2E 2R2', null,
   '-6 days -4 hours', 12, 51.0628, -114.0626, '-10 days'),
  ('5c000000-0000-4000-8000-000000000008', '33333333-3333-4333-8333-333333333333', 'Youth worker', 'Homework support',
   '200', 'Barclay Parade SW', 'Calgary', 'Alberta', 'Canada', 'T2P 4R5', null,
   '-10 days -7 hours', 4, 51.0500, -114.0740, '-14 days'),
  ('5c000000-0000-4000-8000-000000000009', '33333333-3333-4333-8333-333333333333', 'Youth worker', 'Transportation',
   '11', 'Perron Street', 'St. Albert', 'Alberta', 'Canada', 'T8N 1E3', null,
   '-15 days -9 hours', 6, 53.6305, -113.6256, '-20 days')
) as s (id, company_id, staff_type, skill, street_number, street_name, city, province, country, postal_code,
        notes, starts, hours, latitude, longitude, posted)
where not exists (select 1 from public.shifts x where x.company_id = s.company_id::uuid);

-- Shift life, applied as the RPCs would (the history triggers record each step). Each value is an
-- offset from the shift's start; null leaves the step undone.
update public.shifts sh
set accepted_by = l.staff_id::uuid,
    accepted_at = least(sh.starts_at - interval '6 hours', now() - interval '10 minutes'),
    clocked_in_at = case when l.clocked_in then sh.starts_at + interval '4 minutes' end,
    clocked_out_at = case when l.time_done is not null then sh.ends_at + interval '2 minutes' end,
    time_done = l.time_done
from (values
  ('3fa6c2e8-0000-4000-8000-000000000003', 'aaaaaaaa-0000-4000-8000-000000000001', false, null),
  ('e05b7d19-0000-4000-8000-000000000004', 'aaaaaaaa-0000-4000-8000-000000000002', true, null),
  ('9d43a0c6-0000-4000-8000-000000000005', 'aaaaaaaa-0000-4000-8000-000000000003', true, '6 hrs'),
  ('41c8e7b2-0000-4000-8000-000000000006', 'aaaaaaaa-0000-4000-8000-000000000004', true, '12 hrs'),
  ('5b000000-0000-4000-8000-000000000004', 'aaaaaaaa-0000-4000-8000-000000000007', false, null),
  ('5b000000-0000-4000-8000-000000000005', 'aaaaaaaa-0000-4000-8000-000000000009', false, null),
  ('5b000000-0000-4000-8000-000000000006', 'aaaaaaaa-0000-4000-8000-000000000008', true, null),
  ('5b000000-0000-4000-8000-000000000007', 'aaaaaaaa-0000-4000-8000-000000000006', true, '10 hrs'),
  ('5b000000-0000-4000-8000-000000000008', 'aaaaaaaa-0000-4000-8000-000000000010', true, '7.5 hrs'),
  ('5c000000-0000-4000-8000-000000000005', 'aaaaaaaa-0000-4000-8000-000000000011', false, null),
  ('5c000000-0000-4000-8000-000000000006', 'aaaaaaaa-0000-4000-8000-000000000012', true, '8 hrs'),
  ('5c000000-0000-4000-8000-000000000007', 'aaaaaaaa-0000-4000-8000-000000000001', true, '12 hrs'),
  ('5c000000-0000-4000-8000-000000000008', 'aaaaaaaa-0000-4000-8000-000000000011', true, '4 hrs'),
  ('5c000000-0000-4000-8000-000000000009', 'aaaaaaaa-0000-4000-8000-000000000012', true, '6 hrs')
) as l (shift_id, staff_id, clocked_in, time_done)
where sh.id = l.shift_id::uuid and sh.accepted_at is null;

-- Workers on an in-progress shift are on shift; the demo staff login has unread notifications.
update public.staff st
set on_shift = exists (select 1 from public.shifts s
                       where s.accepted_by = st.id and s.clocked_in_at is not null and s.clocked_out_at is null);

-- Cascadia already answered the feedback survey (the trigger sets feedback_given).
insert into public.feedback_responses (company_id, satisfaction, reason, frustrating, frustrating_detail, most_feature,
                                       wish_feature, goal_help, pmf, support, more_valuable, change_one, other_feedback)
select '22222222-2222-4222-8222-222222222222', 4, 'Filling last-minute shifts takes minutes instead of hours.', 'Yes',
       'I would like to edit a shift after posting it.', 'Shift Call', 'Recurring shifts', 5, 'Very disappointed', 'No',
       'Seeing who is on shift right now.', 'Bulk posting for a week of shifts.', null
where not exists (select 1 from public.feedback_responses f
                  where f.company_id = '22222222-2222-4222-8222-222222222222');
