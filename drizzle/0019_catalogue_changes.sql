CREATE TABLE "catalogue_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalogue_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"product_id" uuid,
	"vehicle_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalogue_changes_xid_idx" ON "catalogue_changes" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "catalogue_changes_created_at_idx" ON "catalogue_changes" USING btree ("created_at");--> statement-breakpoint
-- Every write to the parts, their fitment or the bikes leaves its ids here, once per statement
-- (a CSV import's thousands of rows cost one insert), for the index each store process keeps
-- (server/catalogue/index, decision 0039). A transition table serves one event only: a trigger each.
CREATE FUNCTION catalogue_changes_of_products() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'DELETE' THEN
      INSERT INTO catalogue_changes (product_id) SELECT DISTINCT id FROM old_rows;
    ELSE
      INSERT INTO catalogue_changes (product_id) SELECT DISTINCT id FROM new_rows;
    END IF;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER products_changes_inserted AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changes_of_products();--> statement-breakpoint
CREATE TRIGGER products_changes_updated AFTER UPDATE ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changes_of_products();--> statement-breakpoint
CREATE TRIGGER products_changes_deleted AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changes_of_products();--> statement-breakpoint
CREATE FUNCTION catalogue_changes_of_fitment() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'DELETE' THEN
      INSERT INTO catalogue_changes (product_id) SELECT DISTINCT product_id FROM old_rows;
    ELSIF TG_OP = 'UPDATE' THEN
      INSERT INTO catalogue_changes (product_id)
        SELECT product_id FROM old_rows UNION SELECT product_id FROM new_rows;
    ELSE
      INSERT INTO catalogue_changes (product_id) SELECT DISTINCT product_id FROM new_rows;
    END IF;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER product_fitment_changes_inserted AFTER INSERT ON product_fitment REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changes_of_fitment();--> statement-breakpoint
CREATE TRIGGER product_fitment_changes_updated AFTER UPDATE ON product_fitment
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changes_of_fitment();--> statement-breakpoint
CREATE TRIGGER product_fitment_changes_deleted AFTER DELETE ON product_fitment REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changes_of_fitment();--> statement-breakpoint
CREATE FUNCTION catalogue_changes_of_vehicles() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'DELETE' THEN
      INSERT INTO catalogue_changes (vehicle_id) SELECT id FROM old_rows;
    ELSE
      INSERT INTO catalogue_changes (vehicle_id) SELECT id FROM new_rows;
    END IF;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER vehicles_changes_inserted AFTER INSERT ON vehicles REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changes_of_vehicles();--> statement-breakpoint
CREATE TRIGGER vehicles_changes_deleted AFTER DELETE ON vehicles REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changes_of_vehicles();
