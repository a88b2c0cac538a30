CREATE TABLE "promo_redemptions" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"user_id" uuid,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_kind_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "entered_by_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "entered_by" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "email_placeholder" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "max_uses" integer;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "one_per_customer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_code_promo_codes_code_fk" FOREIGN KEY ("code") REFERENCES "public"."promo_codes"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "promo_redemptions_code_user_idx" ON "promo_redemptions" USING btree ("code","user_id");--> statement-breakpoint
CREATE INDEX "promo_redemptions_code_phone_idx" ON "promo_redemptions" USING btree ("code","phone");--> statement-breakpoint
CREATE INDEX "promo_redemptions_code_email_idx" ON "promo_redemptions" USING btree ("code","email");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_kind_check" CHECK (kind in ('order_received', 'payment_received', 'order_shipped', 'order_delivered', 'order_cancelled', 'refund_made', 'owner_new_order', 'owner_payment_flag', 'owner_low_stock', 'password_reset', 'payment_link'));--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_max_uses_check" CHECK ("promo_codes"."max_uses" is null or "promo_codes"."max_uses" >= 1);--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_dates_check" CHECK ("promo_codes"."starts_at" is null or "promo_codes"."ends_at" is null or "promo_codes"."ends_at" > "promo_codes"."starts_at");