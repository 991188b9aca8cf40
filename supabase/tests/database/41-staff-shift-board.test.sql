-- The staff app's board (public.my_shift_board): the home and My shifts screens in one request.
-- First the open shifts the worker may take, exactly as public.my_open_shifts lists them, then the
-- worker's own shifts, newest first, each with its status; each part capped by p_limit. What it
-- shows is what RLS lets the caller read: never a colleague's shift, another agency's, or anything
-- for anon or the service role.
begin;
\ir _helpers.psql
select plan(12);

update public.companies set premium = true where id in (tests.owner(), tests.other_company());

create temporary table ids (name text primary key, id uuid) on commit drop;
grant select on ids to authenticated, anon, service_role;
create function tests.shift(name text) returns uuid language sql stable as $$ select id from ids where ids.name = shift.name $$;
create function tests.post(name text, company uuid, starts_in interval) returns void language sql as $$
  insert into ids select name, tests.create_shift(company, starts_in);
$$;
-- The caller's board, by fixture name and status, in the order it comes.
create function tests.board(p_limit integer default 200) returns text[] language sql as $$
  select coalesce(array_agg(i.name || ':' || b.status order by b.ordinality), '{}')
  from public.my_shift_board(p_limit) with ordinality b
  join ids i on i.id = b.id
$$;
create function tests.offered(p_limit integer default 200) returns text[] language sql as $$
  select coalesce(array_agg(i.name || ':Pending' order by o.ordinality), '{}')
  from public.my_open_shifts(p_limit) with ordinality o
  join ids i on i.id = o.id
$$;
grant execute on function tests.shift(text), tests.board(integer), tests.offered(integer) to authenticated, anon,
  service_role;

select tests.post('day1', tests.owner(), interval '1 day');
select tests.post('day2', tests.owner(), interval '2 days');
select tests.post('day3', tests.owner(), interval '3 days');
select tests.post('day5', tests.owner(), interval '5 days');
select tests.post('other', tests.other_company(), interval '1 day');

select tests.authenticate_as(tests.worker());
select is(tests.board(), array['day1:Pending', 'day2:Pending', 'day3:Pending', 'day5:Pending'],
  'Before taking anything, the board is the open shifts of the worker''s agency, soonest first');

select lives_ok($$ select public.accept_shift(tests.shift('day2')) $$, 'The worker takes day 2''s shift');
select lives_ok($$ select public.accept_shift(tests.shift('day5')) $$, 'and day 5''s');
select tests.clear_authentication();
update public.shifts set clocked_in_at = now() where id = tests.shift('day2');

select tests.authenticate_as(tests.worker());
select is(tests.board(), array['day1:Pending', 'day3:Pending', 'day5:Assigned', 'day2:In-progress'],
  'Then the open shifts, then the worker''s own, newest first, each with its status');
select is(
  (select array_agg(x) from unnest(tests.board()) x where x like '%:Pending'),
  tests.offered(),
  'Its open part is exactly the open-shift list');
select is(tests.board(1), array['day1:Pending', 'day5:Assigned'], 'p_limit caps each part');

select tests.authenticate_as(tests.second_worker());
select is(tests.board(), array['day1:Pending', 'day3:Pending'],
  'A colleague sees the open shifts, not the worker''s');

select tests.authenticate_as(tests.outsider());
select is(tests.board(), '{}'::text[], 'A worker of no agency sees nothing');

select tests.authenticate_as(tests.owner());
select is(tests.board(), '{}'::text[], 'An agency account sees nothing: it is nobody''s worker');

select tests.authenticate_as_anon();
select throws_ok($$ select * from public.my_shift_board() $$, '42501', null, 'anon cannot ask for a board');

select tests.authenticate_as_service_role();
select throws_ok($$ select * from public.my_shift_board() $$, '42501', null, 'nor can the service role');

select tests.clear_authentication();
select is(
  (select p.prosecdef from pg_proc p where p.oid = 'public.my_shift_board(integer)'::regprocedure), false,
  'It runs as the caller, so RLS decides every row');

select * from finish();
rollback;
