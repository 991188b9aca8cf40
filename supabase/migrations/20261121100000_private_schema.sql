-- Private schema: trigger functions and internal helpers that must never be reachable through the
-- Data API. Only `public` and `graphql_public` are exposed, and no API role gets usage here, so
-- nothing in this schema can be called over /rest/v1 even if a function's execute grant slips.

create schema if not exists private;
revoke all on schema private from public, anon, authenticated, service_role;

comment on schema private is
  'Internal helpers and trigger functions; not exposed through the Data API and not usable by API roles.';
