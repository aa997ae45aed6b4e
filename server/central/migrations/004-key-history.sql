-- The lifecycle of the tables' keys (docs/central-store.md#keys), append-only like the record:
-- every key a table was registered with, who registered it and when; a rotation
-- signed by the key it replaces; revocations. tables.public_key stays the table's
-- current key (what a table compares its own with), but can no longer be set to a
-- key outside this history: an owner who swapped it to
-- re-sign a rewritten archive, left no trace.

CREATE TABLE table_keys (
  table_id      text        NOT NULL REFERENCES tables (table_id),
  key_no        integer     NOT NULL CHECK (key_no >= 1),
  public_key    text        NOT NULL,
  registered_by text        NOT NULL DEFAULT current_user,
  registered_at timestamptz NOT NULL DEFAULT now(),
  -- From key 2 on: base64 Ed25519 signature by key key_no - 1 over
  -- 'TQ-ROTATE/1|<table_id>|<key_no>|<public_key>'.
  rotation_sig  text,
  PRIMARY KEY (table_id, key_no),
  CHECK ((key_no = 1) = (rotation_sig IS NULL))
);

CREATE TABLE key_revocations (
  table_id   text        NOT NULL,
  key_no     integer     NOT NULL,
  reason     text        NOT NULL,
  revoked_by text        NOT NULL DEFAULT current_user,
  revoked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (table_id, key_no),
  FOREIGN KEY (table_id, key_no) REFERENCES table_keys (table_id, key_no)
);

-- The keys registered so far become each table's key 1.
INSERT INTO table_keys (table_id, key_no, public_key, registered_by, registered_at)
  SELECT table_id, 1, public_key, 'migration 004', registered_at FROM tables;

CREATE TRIGGER table_keys_append_only BEFORE UPDATE OR DELETE ON table_keys
  FOR EACH ROW EXECUTE FUNCTION tq_refuse_change();
CREATE TRIGGER table_keys_no_truncate BEFORE TRUNCATE ON table_keys
  FOR EACH STATEMENT EXECUTE FUNCTION tq_refuse_change();
CREATE TRIGGER key_revocations_append_only BEFORE UPDATE OR DELETE ON key_revocations
  FOR EACH ROW EXECUTE FUNCTION tq_refuse_change();
CREATE TRIGGER key_revocations_no_truncate BEFORE TRUNCATE ON key_revocations
  FOR EACH STATEMENT EXECUTE FUNCTION tq_refuse_change();

-- A table registered is its key 1; its current key is only ever the last of its history,
-- and its registration time never changes.
CREATE FUNCTION tq_key_registered() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO table_keys (table_id, key_no, public_key, registered_at) VALUES (NEW.table_id, 1, NEW.public_key, NEW.registered_at);
  RETURN NULL;
END $$;
CREATE TRIGGER tables_key_history AFTER INSERT ON tables
  FOR EACH ROW EXECUTE FUNCTION tq_key_registered();

CREATE FUNCTION tq_key_is_current() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.registered_at IS DISTINCT FROM OLD.registered_at OR NEW.table_id IS DISTINCT FROM OLD.table_id
     OR NEW.public_key IS DISTINCT FROM (SELECT public_key FROM table_keys WHERE table_id = NEW.table_id ORDER BY key_no DESC LIMIT 1) THEN
    RAISE EXCEPTION 'tq: a table''s key changes only by a rotation signed by its current key'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER tables_key_current BEFORE UPDATE ON tables
  FOR EACH ROW EXECUTE FUNCTION tq_key_is_current();
CREATE TRIGGER tables_no_delete BEFORE DELETE ON tables
  FOR EACH ROW EXECUTE FUNCTION tq_refuse_change();

REVOKE ALL ON table_keys, key_revocations FROM PUBLIC;
GRANT SELECT ON table_keys, key_revocations TO tq_appender, tq_surveillance;

-- Separation in the database (docs/central-store.md#owner): the record's tables belong to
-- tq_owner, a role that cannot log in, not to whoever ran `tq central init`. The DBA changes
-- the schema by `SET ROLE tq_owner` (init does it through its membership); the tables and
-- surveillance connect with their own login roles (tq_appender, tq_surveillance groups),
-- which own nothing and so stay under row-level security and the append-only guard.
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'tq_owner') THEN CREATE ROLE tq_owner NOLOGIN; END IF;
END $$;
GRANT tq_owner TO CURRENT_USER;
ALTER TABLE schema_migrations OWNER TO tq_owner;
ALTER TABLE tables OWNER TO tq_owner;
ALTER TABLE events OWNER TO tq_owner;
ALTER TABLE seals OWNER TO tq_owner;
ALTER TABLE table_status OWNER TO tq_owner;
ALTER TABLE table_appenders OWNER TO tq_owner;
ALTER TABLE table_keys OWNER TO tq_owner;
ALTER TABLE key_revocations OWNER TO tq_owner;
ALTER VIEW shoe_events OWNER TO tq_owner;
