-- Issue 30: change tracking for the phones' catalogue sync (services/catalogue-changes.ts), and the
-- online search's indexes (services/product-search.ts). Written by hand: drizzle cannot express
-- triggers, extensions or DO blocks.
--
-- Each product carries the id of the transaction that last changed it (pg_current_xact_id(), xid8,
-- stored as bigint): data_version for any column a phone shows except stock, stock_version for stock
-- and units sold. A phone's version is the xmin of the snapshot its copy was read in; every change
-- that copy could not see was made by a transaction with an id at or above that xmin, so "rows with a
-- version >= V" never misses a late commit (README, Decisions).
CREATE OR REPLACE FUNCTION products_track_versions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changer bigint := pg_current_xact_id()::text::bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.data_version := changer;
    NEW.stock_version := changer;
    RETURN NEW;
  END IF;
  -- Every column but these counts as data, so a column added later is tracked without touching this.
  IF (to_jsonb(NEW) - '{stock,units_sold,updated_at,data_version,stock_version}'::text[])
     IS DISTINCT FROM (to_jsonb(OLD) - '{stock,units_sold,updated_at,data_version,stock_version}'::text[]) THEN
    NEW.data_version := changer;
  ELSE
    NEW.data_version := OLD.data_version;
  END IF;
  IF (NEW.stock, NEW.units_sold) IS DISTINCT FROM (OLD.stock, OLD.units_sold) THEN
    NEW.stock_version := changer;
  ELSE
    NEW.stock_version := OLD.stock_version;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_track_versions BEFORE INSERT OR UPDATE ON products FOR EACH ROW EXECUTE FUNCTION products_track_versions();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_record_deletion() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_tombstones (product_id, version) VALUES (OLD.id, pg_current_xact_id()::text::bigint)
  ON CONFLICT (product_id) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_record_deletion AFTER DELETE ON products FOR EACH ROW EXECUTE FUNCTION products_record_deletion();
--> statement-breakpoint
-- A truncation (a restore, seed --reset) deletes without tombstones: every copy read before it must be
-- replaced whole. Phones' versions carry the epoch they were read in; a new random epoch answers
-- them all with the whole catalogue. Any row inserted draws a new epoch and replaces the old row, so
-- the rows a restore loads from a backup (after truncating) make a fresh epoch too.
CREATE OR REPLACE FUNCTION catalogue_epoch_drawn() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM catalogue_epoch;
  NEW.epoch := floor(random() * 4503599627370496)::bigint;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER catalogue_epoch_drawn BEFORE INSERT ON catalogue_epoch FOR EACH ROW EXECUTE FUNCTION catalogue_epoch_drawn();
--> statement-breakpoint
INSERT INTO catalogue_epoch DEFAULT VALUES;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalogue_epoch DEFAULT VALUES;
  DELETE FROM product_tombstones;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_truncated AFTER TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION products_truncated();
--> statement-breakpoint
-- Online search: trigram indexes where pg_trgm can be created (a managed PostgreSQL may refuse it, an
-- engine may lack it): then full-text search's index instead. The migration never fails for it; the
-- server detects at run time which search it can use.
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN insufficient_privilege OR undefined_file OR feature_not_supported OR undefined_object THEN
    RAISE NOTICE 'pg_trgm is not available (%): product search uses full-text search', SQLERRM;
  END;
  BEGIN
    CREATE INDEX IF NOT EXISTS products_name_trgm_idx ON products USING gin (name gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS products_description_trgm_idx ON products USING gin (description gin_trgm_ops);
  EXCEPTION WHEN undefined_object THEN
    -- No pg_trgm (or one outside the search path): the fallback's index.
    CREATE INDEX IF NOT EXISTS products_search_fts_idx ON products USING gin (to_tsvector('simple', name || ' ' || description));
  END;
END
$$;
