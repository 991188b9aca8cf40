-- Company codes without look-alike characters. Staff type the code from a poster, an email or a
-- colleague's screen; 0/O, 1/l/I are misread, and each misreading costs a wrong-code attempt (10
-- an hour). The alphabet stays within SPEC §9's letters, digits and symbols, just without those
-- five; codes already issued stay valid (the format check is unchanged).
create or replace function private.generate_company_code()
returns text
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  alphabet constant text := 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789!@#$&*()_+-<>?';
  alphabet_length constant integer := char_length(alphabet);
  accept_below constant integer := 256 - (256 % alphabet_length);
  code text := '';
  random_byte integer;
begin
  while char_length(code) < 4 loop
    random_byte := get_byte(extensions.gen_random_bytes(1), 0);
    if random_byte < accept_below then
      code := code || substr(alphabet, (random_byte % alphabet_length) + 1, 1);
    end if;
  end loop;
  return code;
end;
$$;

comment on function private.generate_company_code() is
  'Returns a random 4-character company code from SPEC §9''s alphabet without the look-alikes 0, O, 1, l and I '
  '(uniqueness is checked by the caller).';
revoke all on function private.generate_company_code() from public, anon, authenticated, service_role;
