CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"payment_reference" text NOT NULL,
	"provider_dispute_id" text NOT NULL,
	"amount_pesewas" integer,
	"status" text NOT NULL,
	"resolution" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "disputes_provider_dispute_id_unique" UNIQUE("provider_dispute_id")
);
--> statement-breakpoint
CREATE TABLE "order_flags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_at" timestamp with time zone,
	"clear_note" text,
	"cleared_by" uuid,
	CONSTRAINT "order_flags_kind_check" CHECK (kind in ('refund_due', 'paid_after_expiry', 'paid_after_cancellation', 'amount_mismatch', 'paid_twice', 'refund_failed', 'dispute_opened', 'test_payment'))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"payment_reference" text NOT NULL,
	"provider_refund_id" text,
	"amount_pesewas" integer NOT NULL,
	"status" text NOT NULL,
	"returned_to_stock" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_pesewas" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stock_held" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "last_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "demo_shop" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_flags" ADD CONSTRAINT "order_flags_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_flags" ADD CONSTRAINT "order_flags_cleared_by_users_id_fk" FOREIGN KEY ("cleared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disputes_order_idx" ON "disputes" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_flags_one_open" ON "order_flags" USING btree ("order_id","kind") WHERE "order_flags"."cleared_at" is null;--> statement-breakpoint
CREATE INDEX "order_flags_open_idx" ON "order_flags" USING btree ("kind") WHERE "order_flags"."cleared_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_id_key" ON "refunds" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
-- A cancelled order has already given its stock back.
UPDATE "orders" SET "stock_held" = false WHERE "order_status" = 'Cancelled';--> statement-breakpoint
-- The free-text needs_attention becomes typed flags; a text we do not know is kept as the reason.
INSERT INTO "order_flags" ("order_id", "kind", "reason", "created_at")
SELECT "id",
  CASE "needs_attention"
    WHEN 'refund due' THEN 'refund_due'
    WHEN 'paid after expiry' THEN 'paid_after_expiry'
    WHEN 'paid after cancellation' THEN 'paid_after_cancellation'
    WHEN 'payment amount mismatch' THEN 'amount_mismatch'
    WHEN 'paid twice' THEN 'paid_twice'
    ELSE 'refund_due'
  END,
  'From the earlier note: ' || "needs_attention",
  "updated_at"
FROM "orders" WHERE "needs_attention" IS NOT NULL;
