-- What the database writes to a worker is in the worker's language (staff.locale) when it is
-- written: the late alert, the no-show release and the re-post offer (notification and push), a
-- later wave's notification and the credential reminder; English stays as it was. Every tick and
-- re-post runs with an explicit clock.
begin;
\ir _helpers.psql
select plan(18);

update public.companies set premium = true where id = tests.owner();
update public.staff set locale = 'fr-CA' where id = tests.worker();

create temporary table ids (name text primary key, id uuid) on commit drop;
create function tests.shift(name text) returns uuid language sql stable as $$ select id from ids where ids.name = shift.name $$;
create function tests.post(name text, starts interval, holder uuid default null) returns void
language plpgsql as $$
begin
  insert into ids select name, tests.create_shift(tests.owner());
  update public.shifts set starts_at = now() + starts, ends_at = now() + starts + interval '8 hours'
  where id = tests.shift(name);
  if holder is not null then
    update public.shifts set accepted_by = holder, accepted_at = now() - interval '1 day' where id = tests.shift(name);
  end if;
end;
$$;
create function tests.messages(staff uuid, subject uuid) returns text[] language sql stable as $$
  select coalesce(array_agg(n.message order by n.created_at, n.message), '{}') from public.notifications n
  where n.staff_id = staff and n.shift_id is not distinct from subject
$$;
create function tests.pushes(staff uuid, kind text) returns text[] language sql stable as $$
  select coalesce(array_agg(p.title || ' | ' || p.body order by p.created_at), '{}') from public.staff_pushes p
  where p.staff_id = staff and p.kind = pushes.kind
$$;

-- The sentences --------------------------------------------------------------------------------------
select is(private.worker_text('new_shift', 'fr-CA'),
  'Votre employeur vient de publier un nouveau quart. Consultez la page d’accueil',
  'A new shift in French, as sendnotification''s French push says it');
select is(private.worker_text('new_shift', 'en'), 'Your employer just posted a new shift. View in home page',
  'and SPEC''s English');
select is(private.worker_text('late_alert', 'de', array['1', 'Main St', '12']), 'Your shift at 1 Main St started 12 minutes ago',
  'A language CareCover does not speak gets English');
select throws_ok($$ select private.worker_text('nothing', 'en') $$, 'P0001', 'Unknown worker text: nothing',
  'An unknown key is an error, not an empty message');
select is(private.french_date('2026-12-01'), '1er décembre 2026', 'The first of a month is « 1er »');
select is(private.french_date('2027-08-15'), '15 août 2027', 'Other days are numbers, months in French');
select is(private.credential_expiry_text('RCR', 14, '2026-12-11', 'fr-CA'), 'Votre RCR expire dans 14 jours, le 11 décembre 2026',
  'A reminder in French');
select is(private.credential_expiry_text('CPR', 1, '2026-12-11', 'en'), 'Your CPR expires tomorrow, December 11, 2026',
  'and in English, as before');

-- The late alert: each worker in their own language ---------------------------------------------------
select tests.post('late_fr', interval '-11 minutes', tests.worker());
select tests.post('late_en', interval '-11 minutes', tests.second_worker());
-- Posting notified everyone (wave 1, below); only what comes next is looked at here.
delete from public.notifications;
select private.watchdog_tick(now());
select is(tests.messages(tests.worker(), tests.shift('late_fr')),
  array['Votre quart au 100 Queen Street West a commencé il y a 11 minutes'],
  'The French worker''s late alert is in French');
select is(tests.pushes(tests.worker(), 'late_alert'),
  array['Votre quart a commencé | Votre quart au 100 Queen Street West a commencé il y a 11 minutes'],
  'and so is its push');
select is(tests.pushes(tests.second_worker(), 'late_alert'),
  array['Your shift has started | Your shift at 100 Queen Street West started 11 minutes ago'],
  'The English worker''s push in the same tick is English');

-- Re-post: the French no-show is told in French, the English worker offered the shift in English -------
update public.shifts set accepted_by = null, accepted_at = null where id = tests.shift('late_en');
select is(private.repost_no_show(tests.shift('late_fr'), tests.owner(), now() + interval '5 minutes'), 1,
  'Re-posting offers the shift to the one other eligible worker');
select is(tests.messages(tests.worker(), tests.shift('late_fr')),
  array['Votre quart au 100 Queen Street West a commencé il y a 11 minutes',
        'Vous n’avez pas pointé votre arrivée à votre quart au 100 Queen Street West : il a été offert à d’autres membres du personnel'],
  'The released worker is told why, in French');
select is(tests.messages(tests.second_worker(), tests.shift('late_fr')),
  array['A shift that has started needs cover now. View in home page'], 'The offer to the English worker is English');
select is(private.record_repost_pushes(gen_random_uuid(), tests.shift('late_fr'), now() + interval '5 minutes'), 1,
  'Its push is recorded, matched on the offer''s sentence in the worker''s language');

-- A post's first wave ------------------------------------------------------------------------------------
select tests.post('wave', interval '2 days');
select is(tests.messages(tests.worker(), tests.shift('wave')),
  array['Votre employeur vient de publier un nouveau quart. Consultez la page d’accueil'],
  'A new shift tells the French worker in French');
select is(tests.messages(tests.second_worker(), tests.shift('wave')),
  array['Your employer just posted a new shift. View in home page'], 'and the English worker in SPEC''s words');
select is(private.worker_text('still_needed', 'fr-CA'),
  'Votre employeur cherche encore quelqu’un pour un quart. Consultez la page d’accueil',
  'A later wave''s sentence in French, as sendnotification''s French push says it');

select * from finish();
rollback;
