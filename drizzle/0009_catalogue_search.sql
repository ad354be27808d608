-- Catalogue search (server/catalogue/search.ts): PostgreSQL's text search for words, trigrams for
-- misspellings. pg_trgm and fuzzystrmatch ship with PostgreSQL (contrib) and with PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;--> statement-breakpoint
-- A part number as the catalogue compares them: the contract's normalizePartNumber, in SQL.
CREATE FUNCTION normalize_part_number(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN upper(regexp_replace(value, '[[:space:]./-]', '', 'g'));--> statement-breakpoint
-- The words of a part's text that a misspelling may be corrected to: lowercased, 3 to 40 characters,
-- with at least one letter (numbers are matched as typed).
CREATE FUNCTION catalogue_words(name text, brand text, category text, specs jsonb, description text)
  RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT DISTINCT word
    FROM regexp_split_to_table(
      lower(concat_ws(' ', name, brand, replace(category, '-', ' '),
        (SELECT string_agg(value, ' ') FROM jsonb_each_text(specs)), description)),
      '[^[:alnum:]]+') AS word
    WHERE length(word) BETWEEN 3 AND 40 AND word ~ '[[:alpha:]]'
  $$;--> statement-breakpoint
CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_terms_trigram_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_universal_idx" ON "products" USING btree ("seq") WHERE "products"."universal";--> statement-breakpoint
-- A part's text, weighted: name and part numbers (A) above brand (B), category and specs (C) and
-- description (D). Part numbers go in normalized and lowercased (`fa244hh`), whole, so that a number
-- typed any way matches it, as a prefix too.
ALTER TABLE "products" ADD COLUMN "search_vector" tsvector DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
-- The sku and OEM numbers, normalized: "is the query exactly one of this part's numbers?" without
-- normalizing them again for every part that matches.
ALTER TABLE "products" ADD COLUMN "part_numbers" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE FUNCTION products_search_fields() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    NEW.part_numbers := ARRAY(
      SELECT DISTINCT normalize_part_number(number)
      FROM unnest(array_append(NEW.oem_numbers, NEW.sku)) AS number);
    NEW.search_vector :=
      setweight(to_tsvector('english', NEW.name), 'A') ||
      setweight(to_tsvector('simple', lower(array_to_string(NEW.part_numbers, ' '))), 'A') ||
      setweight(to_tsvector('english', NEW.brand), 'B') ||
      setweight(to_tsvector('english', concat_ws(' ', replace(NEW.category, '-', ' '),
        (SELECT string_agg(value, ' ') FROM jsonb_each_text(NEW.specs)))), 'C') ||
      setweight(to_tsvector('english', NEW.description), 'D');
    RETURN NEW;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER products_search_fields
  BEFORE INSERT OR UPDATE OF name, brand, category, specs, description, sku, oem_numbers ON products
  FOR EACH ROW EXECUTE FUNCTION products_search_fields();--> statement-breakpoint
-- New words join the vocabulary: once per statement on insert (a bulk load adds each word once), per
-- changed row on update (a stock change touches nothing). Sorted, so that two writers adding the same
-- new words take their locks in the same order.
CREATE FUNCTION search_terms_from_inserted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO search_terms (term)
      SELECT DISTINCT word FROM new_rows AS p,
        catalogue_words(p.name, p.brand, p.category, p.specs, p.description) AS word
      ORDER BY word
      ON CONFLICT DO NOTHING;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER products_search_terms_inserted
  AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_terms_from_inserted();--> statement-breakpoint
CREATE FUNCTION search_terms_from_updated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO search_terms (term)
      SELECT word FROM catalogue_words(NEW.name, NEW.brand, NEW.category, NEW.specs, NEW.description) AS word
      ORDER BY word
      ON CONFLICT DO NOTHING;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER products_search_terms_updated
  AFTER UPDATE OF name, brand, category, specs, description ON products
  FOR EACH ROW
  WHEN ((OLD.name, OLD.brand, OLD.category, OLD.specs, OLD.description)
    IS DISTINCT FROM (NEW.name, NEW.brand, NEW.category, NEW.specs, NEW.description))
  EXECUTE FUNCTION search_terms_from_updated();--> statement-breakpoint
-- The parts already there.
UPDATE "products" SET "name" = "name";--> statement-breakpoint
INSERT INTO search_terms (term)
  SELECT DISTINCT word FROM products AS p, catalogue_words(p.name, p.brand, p.category, p.specs, p.description) AS word
  ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");
