-- "The parts that fit this bike" from the index alone (an index-only scan), not from the table.
DROP INDEX "product_fitment_vehicle_idx";--> statement-breakpoint
CREATE INDEX "product_fitment_vehicle_idx" ON "product_fitment" USING btree ("vehicle_id","product_id");