-- The assistant's address search (find_shifts with an address, issue 19) filters a company's shifts
-- by street number first ("100 Queen Street West" → street_number = '100'), then by the name's words.
-- Without this index that read every shift of the company: at 100,000 shifts, 23-31 ms in SQL per
-- query and the slowest built-in answer (42-77 ms median through the gateway); with it, an index
-- scan of the few shifts at that number (7.7 ms).
create index shifts_company_id_street_number_idx on public.shifts (company_id, street_number);
