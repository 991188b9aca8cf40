-- Account email sync (issue 17): an email change in auth.users reaches the companies or staff row,
-- and only that account's row.
begin;
\ir _helpers.psql
select plan(5);

select has_trigger('auth', 'users', 'on_auth_user_email_changed', 'Email changes reach the profile rows through a trigger');

update auth.users set email = 'moved-owner@test.example' where id = tests.owner();
select is((select email from public.companies where id = tests.owner()), 'moved-owner@test.example',
  'A company''s email follows its sign-in email');
select isnt((select email from public.companies where id = tests.other_company()), 'moved-owner@test.example',
  'Another company keeps its own email');

update auth.users set email = 'moved-worker@test.example' where id = tests.worker();
select is((select email from public.staff where id = tests.worker()), 'moved-worker@test.example',
  'A staff member''s email follows their sign-in email');

update auth.users set phone = '14165550199' where id = tests.worker();
select is((select email from public.staff where id = tests.worker()), 'moved-worker@test.example',
  'An update that leaves the email alone changes nothing');

select * from finish();
rollback;
