-- Catalogue search's indexes (server/catalogue/search.ts, decision 0023).
-- "The parts that fit this bike" from the index alone (an index-only scan), not from the table.
DROP INDEX "product_fitment_vehicle_idx";--> statement-breakpoint
CREATE INDEX "product_fitment_vehicle_idx" ON "product_fitment" USING btree ("vehicle_id","product_id");--> statement-breakpoint
-- A page sorted by price or name without sorting every match.
CREATE INDEX "products_price_idx" ON "products" USING btree ("price_cents");--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree (lower("name") collate "C");--> statement-breakpoint
-- "Does a word of the catalogue start with this?" as a range of the index, whatever the locale.
CREATE INDEX "search_terms_prefix_idx" ON "search_terms" USING btree ("term" collate "C");
