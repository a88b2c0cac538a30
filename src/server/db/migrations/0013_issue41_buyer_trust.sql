CREATE TABLE "phone_codes" (
	"phone" text PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_flags" DROP CONSTRAINT "order_flags_kind_check";--> statement-breakpoint
ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_kind_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "verification" text DEFAULT 'verified' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stock_release_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verified_phone" text;--> statement-breakpoint
CREATE INDEX "phone_codes_expires_idx" ON "phone_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "orders_stock_release_idx" ON "orders" USING btree ("stock_release_at") WHERE "orders"."stock_release_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_unverified_idx" ON "orders" USING btree ("id") WHERE "orders"."verification" <> 'verified' and "orders"."stock_held";--> statement-breakpoint
ALTER TABLE "order_flags" ADD CONSTRAINT "order_flags_kind_check" CHECK (kind in ('refund_due', 'paid_after_expiry', 'paid_after_cancellation', 'amount_mismatch', 'paid_twice', 'refund_failed', 'dispute_opened', 'test_payment', 'paid_without_stock'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_verification_check" CHECK ("orders"."verification" in ('verified', 'required', 'waiting_for_shop'));--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_kind_check" CHECK (kind in ('order_received', 'payment_received', 'order_shipped', 'order_delivered', 'order_cancelled', 'refund_made', 'owner_new_order', 'owner_payment_flag', 'owner_low_stock', 'password_reset', 'payment_link', 'phone_code'));