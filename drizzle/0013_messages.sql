CREATE TABLE "invoice_counter" (
	"only" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_counter_one_row" CHECK ("invoice_counter"."only")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"recipient" text,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" integer;--> statement-breakpoint
-- Orders paid before invoices existed get their numbers now, in the order they were paid; the counter starts after them.
UPDATE "orders" SET "invoice_number" = "numbered"."n" FROM (SELECT "id", row_number() OVER (ORDER BY coalesce("paid_at", "created_at"), "seq") AS "n" FROM "orders" WHERE "paid") AS "numbered" WHERE "orders"."id" = "numbered"."id";--> statement-breakpoint
INSERT INTO "invoice_counter" ("only", "last") SELECT true, count(*) FROM "orders" WHERE "paid";--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."sent_at" is null and "mail_outbox"."failed_at" is null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_invoice_number_unique" UNIQUE("invoice_number");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_invoiced_when_paid" CHECK ("orders"."paid" = ("orders"."invoice_number" is not null));