CREATE TABLE "product_slug_history" (
	"slug" text PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "slug" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_slug_history" ADD CONSTRAINT "product_slug_history_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Issue 45: readable product addresses (/product/whipped-shea-butter-unscented). Written by hand below the
-- generated lines: drizzle cannot express functions or triggers. The database makes every slug, so each
-- way a product comes in (the admin, the demo seed, a restore, a test's own insert) gets one.
--
-- The name in lower-case ASCII words joined by '-': accented Latin letters lose their accents, '&'
-- reads "and", an apostrophe joins ("Mother's" -> "mothers": the last letter given to translate(), with
-- nothing to become, goes), anything else separates; at most 80 characters; a name with no such
-- letters is "product". lower() may leave non-ASCII capitals alone (a C locale): translate() maps them too.
CREATE OR REPLACE FUNCTION product_slug_base(name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(nullif(trim(both '-' from left(regexp_replace(
    translate(
      replace(replace(replace(replace(replace(replace(replace(lower(name), 'ß', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'), '&', ' and '), '’', ''),
      'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžØøĐđŁłĦħıŀĿ''',
      'aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddeeeeeeeeeegggggggghhiiiiiiiiijjkkllllllnnnnnnoooooorrrrrrssssssssttttuuuuuuuuuuuuwwyyyzzzzzzooddllhhill'),
    '[^a-z0-9]+', '-', 'g'), 80)), ''), 'product')
$$;
--> statement-breakpoint
-- The first of wanted, wanted-2, wanted-3… that no other product holds, now or as an old address.
CREATE OR REPLACE FUNCTION product_free_slug(wanted text, owner uuid) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  candidate text := wanted;
  n integer := 1;
BEGIN
  LOOP
    IF NOT EXISTS (SELECT 1 FROM products WHERE slug = candidate AND id <> owner)
       AND NOT EXISTS (SELECT 1 FROM product_slug_history WHERE slug = candidate AND product_id <> owner) THEN
      RETURN candidate;
    END IF;
    n := n + 1;
    candidate := wanted || '-' || n;
  END LOOP;
END
$$;
--> statement-breakpoint
-- A product coming in with '' gets a slug from its name; a rename gets a new one and the old one goes
-- to product_slug_history (a rename back takes its old address back). A change of case or punctuation
-- that gives the same words keeps the address. One slug maker at a time (a transaction lock): two
-- products named alike at the same moment never pick the same slug.
CREATE OR REPLACE FUNCTION products_slug() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  wanted text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.slug = '' THEN
      PERFORM pg_advisory_xact_lock(hashtext('products_slug'));
      NEW.slug := product_free_slug(product_slug_base(NEW.name), NEW.id);
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.name IS NOT DISTINCT FROM OLD.name OR NEW.slug IS DISTINCT FROM OLD.slug THEN
    RETURN NEW;
  END IF;
  wanted := product_slug_base(NEW.name);
  IF OLD.slug = wanted THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('products_slug'));
  -- Already "wanted-N" because another product holds "wanted": nothing better to move to.
  IF OLD.slug ~ ('^' || wanted || '-[0-9]+$') AND EXISTS (SELECT 1 FROM products WHERE slug = wanted AND id <> NEW.id) THEN
    RETURN NEW;
  END IF;
  NEW.slug := product_free_slug(wanted, NEW.id);
  DELETE FROM product_slug_history WHERE slug = NEW.slug;
  INSERT INTO product_slug_history (slug, product_id) VALUES (OLD.slug, NEW.id)
    ON CONFLICT (slug) DO UPDATE SET product_id = excluded.product_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- Named so it runs before products_track_versions (triggers fire by name): the new slug counts as a change of data.
CREATE TRIGGER products_slug BEFORE INSERT OR UPDATE ON products FOR EACH ROW EXECUTE FUNCTION products_slug();
--> statement-breakpoint
CREATE INDEX "products_slug_fill_idx" ON "products" ("slug");
--> statement-breakpoint
-- The products there already, oldest first, so the first of two alike keeps the plain address. Their
-- data version moves, so every phone's copy receives them again with their slug.
DO $$
DECLARE
  product record;
BEGIN
  FOR product IN SELECT id, name FROM products ORDER BY created_at, id LOOP
    UPDATE products SET slug = product_free_slug(product_slug_base(product.name), product.id) WHERE id = product.id;
  END LOOP;
END
$$;
--> statement-breakpoint
DROP INDEX "products_slug_fill_idx";
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_slug_key" UNIQUE("slug");
