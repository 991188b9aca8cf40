-- Demo data for local runs. The database issue extends it with companies, staff and shifts.
-- demo-login: demo@carecover.app / Demo!2345 (agency)
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                        raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
values ('00000000-0000-0000-0000-000000000000', '11111111-1111-4111-8111-111111111111', 'authenticated',
        'authenticated', 'demo@carecover.app', extensions.crypt('Demo!2345', extensions.gen_salt('bf', 10)), now(),
        '{"provider":"email","providers":["email"]}', '{"account_type":"company"}', now(), now())
on conflict (id) do nothing;

insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
values ('11111111-1111-4111-8111-111111111111', '11111111-1111-4111-8111-111111111111',
        '{"sub":"11111111-1111-4111-8111-111111111111","email":"demo@carecover.app","email_verified":true,"phone_verified":false}',
        'email', now(), now())
on conflict (provider_id, provider) do nothing;
