CREATE TABLE "search_synonym_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"words" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "search_synonym_groups_words_unique" ON "search_synonym_groups" USING btree ("words");--> statement-breakpoint
-- The brake-part defaults (decision 0040): words a rider types for what the catalogue calls
-- otherwise. Plurals need no group (`pads` and `pad` stem alike already).
INSERT INTO "search_synonym_groups" ("words") VALUES
  ('{disc,disk,rotor}'),
  ('{hose,line}'),
  ('{caliper,calliper}'),
  ('{organic,resin}'),
  ('{aluminium,aluminum}'),
  ('{bolt,screw}'),
  ('{kit,set}')
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The part numbers a part's name or description mentions (`Replaces 45105-JGO-263`), normalized
-- (decision 0040): runs of ASCII letters and digits joined by single dashes or dots, 5 to 40
-- characters once normalized, with a digit in two pieces or more, and three pieces or one of five
-- characters or more. So 45105-JGO-263, 43082-0116 and 09.C309.11 count; 4-piston, 2017-2020,
-- 12.5mm, ZX-10R and GSX-R1000 stay words. A number written without separators (FA244HH) is one
-- word of the text already.
CREATE FUNCTION part_numbers_in_text(value text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT DISTINCT normalize_part_number(token)
    FROM regexp_matches(value, '[[:alnum:]]+(?:[-.][[:alnum:]]+)+', 'g') AS found(match),
      LATERAL (SELECT found.match[1] AS token, regexp_split_to_array(found.match[1], '[-.]') AS pieces) AS t
    WHERE token ~ '^[A-Za-z0-9.-]+$'
      AND length(normalize_part_number(token)) BETWEEN 5 AND 40
      AND (SELECT count(*) FROM unnest(pieces) AS piece WHERE piece ~ '[0-9]') >= 2
      AND (cardinality(pieces) >= 3 OR (SELECT max(length(piece)) FROM unnest(pieces) AS piece) >= 5)
  $$;--> statement-breakpoint
-- Migration 0009's trigger function, with the numbers found in the name and description among the
-- part's numbers: in `part_numbers` (an exact one puts the part first) and in the A-weighted lexemes.
CREATE OR REPLACE FUNCTION products_search_fields() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    NEW.part_numbers := ARRAY(
      SELECT normalize_part_number(number)
      FROM unnest(array_append(NEW.oem_numbers, NEW.sku)) AS number
      UNION
      SELECT part_numbers_in_text(concat_ws(' ', NEW.name, NEW.description)));
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
-- The parts already there.
UPDATE "products" SET "name" = "name";
