-- No role can shadow the names the policies and triggers use
-- (docs/central-store.md#roles).
--
-- A function's body is resolved with the CALLER's search_path, and pg_temp comes
-- first on it: a table's role that made `CREATE TEMP TABLE table_appenders` mapping
-- itself to T2 made tq_appender_table() answer T2, and row-level security then let
-- it append, read and rewrite T2's rows. Likewise a schema of its own first on its
-- path could give the triggers another json_build_object (a forged notification).
--
-- So: every function the policies and triggers call has its search_path pinned —
-- PostgreSQL's own catalog, then pg_temp explicitly LAST (unnamed, it would be
-- searched first) — and names its tables with their schema; and nobody but the
-- database's owner may create temporary tables, or objects in `public` (the
-- default before PostgreSQL 15, kept by databases made or restored from then).
-- Any later function used by a policy or trigger must be written the same way.

CREATE OR REPLACE FUNCTION public.tq_appender_table() RETURNS text
  LANGUAGE sql STABLE
  SET search_path = pg_catalog, pg_temp
AS $$
  SELECT a.table_id FROM public.table_appenders AS a WHERE a.role_name OPERATOR(pg_catalog.=) CURRENT_USER::text
$$;

CREATE OR REPLACE FUNCTION public.tq_refuse_change() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
  RAISE EXCEPTION 'tq: % on % is refused: the record is append-only', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END $$;

CREATE OR REPLACE FUNCTION public.tq_notify_events() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = pg_catalog, pg_temp
AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT n.table_id, n.shoe_id, pg_catalog.max(n.i) AS i FROM inserted AS n GROUP BY n.table_id, n.shoe_id LOOP
    PERFORM pg_catalog.pg_notify('tq_events', pg_catalog.json_build_object('table', r.table_id, 'shoe', r.shoe_id, 'i', r.i)::text);
  END LOOP;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION public.tq_notify_status() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
  PERFORM pg_catalog.pg_notify('tq_status', pg_catalog.json_build_object('table', NEW.table_id)::text);
  RETURN NULL;
END $$;

-- Only the owner (and the roles it grants them to, explicitly) creates anything here.
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
DO $$ BEGIN
  EXECUTE format('REVOKE TEMPORARY, CREATE ON DATABASE %I FROM PUBLIC', current_database());
  EXECUTE format('REVOKE TEMPORARY, CREATE ON DATABASE %I FROM tq_appender, tq_surveillance', current_database());
END $$;
REVOKE CREATE ON SCHEMA public FROM tq_appender, tq_surveillance;
