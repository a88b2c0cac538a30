ALTER TABLE "delivery_options" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "went_live_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "setup_policies_done" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A demo shop from before the marks: its demo accounts and SAVE10 are the demo's (its products cannot be told from the owner's, so they stay unmarked).
UPDATE "users" SET "demo" = true WHERE lower("email") IN ('admin@nkutonaturals.com.gh', 'ama@example.com') AND EXISTS (SELECT 1 FROM "shop_settings" WHERE "demo_shop");--> statement-breakpoint
UPDATE "promo_codes" SET "demo" = true WHERE "code" = 'SAVE10' AND EXISTS (SELECT 1 FROM "shop_settings" WHERE "demo_shop");
