CREATE TABLE "media_files" (
	"name" text PRIMARY KEY NOT NULL,
	"upload_id" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_id" text;--> statement-breakpoint
CREATE INDEX "media_files_upload_id_idx" ON "media_files" USING btree ("upload_id");