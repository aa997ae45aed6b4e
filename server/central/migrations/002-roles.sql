-- Who may do what in the central store (docs/central-store.md), enforced by the
-- database itself: row-level security and privileges, on top of the
-- append-only triggers of 001.
--
--   tq_appender      group of the tables' login roles: INSERT (never UPDATE or DELETE) of
--                    events and seals of ITS OWN table only, and upsert of its own status row.
--   tq_surveillance  read-only: SELECT on everything.
--
-- A table's login role is mapped to its table in table_appenders
-- (`tq central role --table <id>` creates both).

DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'tq_appender') THEN CREATE ROLE tq_appender NOLOGIN; END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'tq_surveillance') THEN CREATE ROLE tq_surveillance NOLOGIN; END IF;
END $$;

CREATE TABLE table_appenders (
  role_name text PRIMARY KEY,
  table_id  text NOT NULL CHECK (table_id ~ '^[A-Za-z0-9_-]{1,32}$')
);

-- The table the current login role appends for (NULL for any other role).
CREATE FUNCTION tq_appender_table() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT table_id FROM table_appenders WHERE role_name = current_user
$$;

REVOKE ALL ON events, seals, table_status, tables, table_appenders, schema_migrations, shoe_events FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO tq_appender, tq_surveillance;

GRANT SELECT, INSERT ON events, seals TO tq_appender;
GRANT SELECT, INSERT, UPDATE ON table_status TO tq_appender;
GRANT SELECT ON tables, table_appenders, schema_migrations TO tq_appender;
GRANT EXECUTE ON FUNCTION tq_appender_table() TO tq_appender;

GRANT SELECT ON events, seals, table_status, tables, table_appenders, schema_migrations, shoe_events TO tq_surveillance;

ALTER TABLE events ENABLE ROW LEVEL SECURITY;
ALTER TABLE seals ENABLE ROW LEVEL SECURITY;
ALTER TABLE table_status ENABLE ROW LEVEL SECURITY;

CREATE POLICY appender_reads_own ON events FOR SELECT TO tq_appender USING (table_id = tq_appender_table());
CREATE POLICY appender_appends_own ON events FOR INSERT TO tq_appender WITH CHECK (table_id = tq_appender_table());
CREATE POLICY surveillance_reads ON events FOR SELECT TO tq_surveillance USING (true);

CREATE POLICY appender_reads_own ON seals FOR SELECT TO tq_appender USING (table_id = tq_appender_table());
CREATE POLICY appender_appends_own ON seals FOR INSERT TO tq_appender WITH CHECK (table_id = tq_appender_table());
CREATE POLICY surveillance_reads ON seals FOR SELECT TO tq_surveillance USING (true);

CREATE POLICY appender_reads_own ON table_status FOR SELECT TO tq_appender USING (table_id = tq_appender_table());
CREATE POLICY appender_inserts_own ON table_status FOR INSERT TO tq_appender WITH CHECK (table_id = tq_appender_table());
CREATE POLICY appender_updates_own ON table_status FOR UPDATE TO tq_appender
  USING (table_id = tq_appender_table()) WITH CHECK (table_id = tq_appender_table());
CREATE POLICY surveillance_reads ON table_status FOR SELECT TO tq_surveillance USING (true);

-- Resuming a table reads max(i) per shoe of its own rows: keep that an index scan.
-- (The primary keys (table_id, shoe_id, i) already serve it.)
