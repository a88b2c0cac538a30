CREATE TABLE "outbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dedupe_key" text NOT NULL,
	"order_id" uuid,
	"kind" text NOT NULL,
	"audience" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"html" text,
	"secret_sealed" text,
	"secret_expires_at" timestamp with time zone,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"cut_offs" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"provider" text,
	"provider_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_messages_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "outbox_kind_check" CHECK (kind in ('order_received', 'payment_received', 'order_shipped', 'order_delivered', 'order_cancelled', 'refund_made', 'owner_new_order', 'owner_payment_flag', 'owner_low_stock')),
	CONSTRAINT "outbox_channel_check" CHECK (channel in ('sms', 'email')),
	CONSTRAINT "outbox_status_check" CHECK (status in ('queued', 'sending', 'sent', 'failed', 'logged')),
	CONSTRAINT "outbox_audience_check" CHECK ("outbox_messages"."audience" in ('shopper', 'owner'))
);
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "owner_alerts" jsonb;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox_messages" USING btree ("next_attempt_at") WHERE "outbox_messages"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "outbox_order_idx" ON "outbox_messages" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox_messages" USING btree ("created_at");