CREATE TABLE "catalogue_import_undo" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalogue_import_undo_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"import_id" uuid NOT NULL,
	"added_parts" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"added_vehicles" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"changed_parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalogue_import_undo_import_idx" ON "catalogue_import_undo" USING btree ("import_id");