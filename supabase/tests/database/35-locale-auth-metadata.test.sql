-- The person's language follows into their auth user_metadata.locale, which the auth email templates
-- branch on (20261130140000_locale_in_auth_metadata.sql): set by whoever may change the column (the
-- person), only when it changes, keeping the rest of the metadata; nobody can call the copying
-- function themself.
begin;
\ir _helpers.psql
select plan(11);

create function tests.metadata_of(person uuid) returns jsonb language sql stable security definer
  as $$ select raw_user_meta_data from auth.users where id = person $$;
grant execute on function tests.metadata_of(uuid) to authenticated;

select is(tests.metadata_of(tests.worker()) ->> 'locale', null, 'A worker signed up without a language has none in the metadata');

-- the worker ---------------------------------------------------------------------------------------
select tests.authenticate_as(tests.worker());
update public.staff set locale = 'fr-CA' where id = tests.worker();
select is(tests.metadata_of(tests.worker()) ->> 'locale', 'fr-CA', 'A worker who switches to French has fr-CA in the metadata');
select is(tests.metadata_of(tests.worker()) ->> 'first_name', 'Wendy',
  'The rest of the worker''s metadata is kept');
update public.staff set locale = 'en' where id = tests.worker();
select is(tests.metadata_of(tests.worker()) ->> 'locale', 'en', 'Switching back to English writes en');
update public.staff set locale = 'fr-CA' where id = tests.second_worker();
select is(tests.metadata_of(tests.second_worker()) ->> 'locale', null,
  'A worker cannot change a co-worker''s language, nor so their metadata');

-- the company ----------------------------------------------------------------------------------------
select tests.authenticate_as(tests.owner());
update public.companies set locale = 'fr-CA' where id = tests.owner();
select is(tests.metadata_of(tests.owner()) ->> 'locale', 'fr-CA', 'A company that switches to French has fr-CA in the metadata');
select is(tests.metadata_of(tests.owner()) ->> 'account_type', 'company', 'The rest of the company''s metadata is kept');

-- only a change is copied -------------------------------------------------------------------------
select tests.clear_authentication();
update auth.users set raw_user_meta_data = raw_user_meta_data || '{"locale":"xx"}' where id = tests.owner();
update public.companies set locale = 'fr-CA' where id = tests.owner();
select is(tests.metadata_of(tests.owner()) ->> 'locale', 'xx', 'An update that keeps the language writes nothing');
update public.companies set locale = 'en' where id = tests.owner();
select is(tests.metadata_of(tests.owner()) ->> 'locale', 'en', 'The next change writes the column''s language again');

-- the function -----------------------------------------------------------------------------------
select ok(not has_function_privilege('authenticated', 'private.locale_to_auth_metadata()', 'execute'),
  'A signed-in user cannot call the copying function');
select ok(not has_function_privilege('anon', 'private.locale_to_auth_metadata()', 'execute'),
  'anon cannot call the copying function');

select * from finish();
rollback;
