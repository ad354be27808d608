ALTER TABLE "orders" DROP CONSTRAINT "orders_price_is_total";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "price_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_price_is_total" CHECK ("orders"."price_cents" = "orders"."unit_price_cents"::bigint * "orders"."quantity");