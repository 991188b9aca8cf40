-- Company codes avoid look-alike characters (0/O, 1/l/I) and stay within SPEC §9's alphabet.
begin;
select plan(3);

create temporary table codes on commit drop as
  select private.generate_company_code() as code from generate_series(1, 4000);

select is(
  (select count(*) from codes where code ~ '[0O1lI]'),
  0::bigint,
  'No generated code holds 0, O, 1, l or I (4000 codes)');

select is(
  (select count(*) from codes where code !~ '^[A-Za-z0-9!@#$&*()_+<>?-]{4}$'),
  0::bigint,
  'Every generated code is 4 characters of SPEC §9''s alphabet');

select is(
  (select count(distinct ch) from (select regexp_split_to_table(code, '') ch from codes) chars),
  71::bigint,
  'All 71 characters of the alphabet without look-alikes are drawn (uniform sampling)');

select * from finish();
rollback;
