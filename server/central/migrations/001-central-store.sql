-- The casino floor's central witness of every table's record (docs/central-store.md).
-- Applied by `tq central init` inside one transaction; recorded in schema_migrations.

CREATE TABLE IF NOT EXISTS schema_migrations (
  version    integer PRIMARY KEY,
  name       text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
);

-- A table of the floor and the Ed25519 public key surveillance registered for it
-- (SPKI DER, base64, as `tq keys show` prints it).
CREATE TABLE tables (
  table_id      text PRIMARY KEY CHECK (table_id ~ '^[A-Za-z0-9_-]{1,32}$'),
  public_key    text NOT NULL,
  registered_at timestamptz NOT NULL DEFAULT now()
);

-- Every stored event of every shoe, exactly the line the table wrote (so an
-- export from here is line for line the table's own), append-only.
CREATE TABLE events (
  table_id    text    NOT NULL REFERENCES tables (table_id),
  shoe_id     text    NOT NULL,
  i           integer NOT NULL CHECK (i >= 0),
  type        text    NOT NULL,
  line        text    NOT NULL,
  prev        text    NOT NULL,
  hash        text    NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (table_id, shoe_id, i)
);

-- The table's signature of its chain head: `sig` = Ed25519 over the UTF-8 text
-- `TQ-SEAL/1|<table_id>|<shoe_id>|<i>|<head>`, where head is the hash of event i.
CREATE TABLE seals (
  table_id    text    NOT NULL REFERENCES tables (table_id),
  shoe_id     text    NOT NULL,
  i           integer NOT NULL CHECK (i >= 0),
  head        text    NOT NULL,
  at          timestamptz NOT NULL,
  final       boolean NOT NULL DEFAULT false,
  sig         text    NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (table_id, shoe_id, i)
);

-- Each table's live state as its server last reported it (shuffler link,
-- replication, shoe in play), for the surveillance room. Upserted by the table.
CREATE TABLE table_status (
  table_id   text PRIMARY KEY REFERENCES tables (table_id),
  status     jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- For analysts: one row per event, the event as jsonb.
CREATE VIEW shoe_events AS
  SELECT table_id, shoe_id, i, type, line::jsonb AS event, hash FROM events;

-- Stored rows of the record can never change: UPDATE and DELETE (and TRUNCATE) are refused
-- by the database itself, whatever the role.
CREATE FUNCTION tq_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'tq: % on % is refused: the record is append-only', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events
  FOR EACH ROW EXECUTE FUNCTION tq_refuse_change();
CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
  FOR EACH STATEMENT EXECUTE FUNCTION tq_refuse_change();
CREATE TRIGGER seals_append_only BEFORE UPDATE OR DELETE ON seals
  FOR EACH ROW EXECUTE FUNCTION tq_refuse_change();
CREATE TRIGGER seals_no_truncate BEFORE TRUNCATE ON seals
  FOR EACH STATEMENT EXECUTE FUNCTION tq_refuse_change();

-- Live push for the surveillance room: one notification per inserting statement
-- and shoe, payload {"table":…,"shoe":…,"i":<highest i inserted>}; and one per
-- status upsert on tq_status, payload {"table":…}.
CREATE FUNCTION tq_notify_events() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT table_id, shoe_id, max(i) AS i FROM inserted GROUP BY table_id, shoe_id LOOP
    PERFORM pg_notify('tq_events', json_build_object('table', r.table_id, 'shoe', r.shoe_id, 'i', r.i)::text);
  END LOOP;
  RETURN NULL;
END $$;
CREATE TRIGGER events_notify AFTER INSERT ON events
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION tq_notify_events();

CREATE FUNCTION tq_notify_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tq_status', json_build_object('table', NEW.table_id)::text);
  RETURN NULL;
END $$;
CREATE TRIGGER status_notify AFTER INSERT OR UPDATE ON table_status
  FOR EACH ROW EXECUTE FUNCTION tq_notify_status();
