ALTER TABLE "idempotency_keys" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_phone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_email" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "max_per_order" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "env_password_hash" text;--> statement-breakpoint
CREATE INDEX "orders_buyer_phone_idx" ON "orders" USING btree ("buyer_phone","created_at");--> statement-breakpoint
CREATE INDEX "orders_buyer_email_idx" ON "orders" USING btree ("buyer_email","created_at");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_max_per_order_check" CHECK ("products"."max_per_order" is null or "products"."max_per_order" between 1 and 100);--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP COLUMN "order_token";--> statement-breakpoint
UPDATE "orders" SET "buyer_email" = lower("email"), "buyer_phone" = CASE WHEN regexp_replace("phone", '\D', '', 'g') ~ '^0[0-9]{9}$' THEN '233' || substr(regexp_replace("phone", '\D', '', 'g'), 2) ELSE regexp_replace("phone", '\D', '', 'g') END;--> statement-breakpoint
DELETE FROM "promo_codes" WHERE "code" = 'SAVE10' AND NOT EXISTS (SELECT 1 FROM "shop_settings" WHERE "demo_shop") AND NOT EXISTS (SELECT 1 FROM "orders" WHERE "promo_code" = 'SAVE10');
