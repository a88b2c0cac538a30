CREATE TABLE "password_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_key" text NOT NULL,
	"user_id" uuid,
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"secret_hash" text NOT NULL,
	"wrong_tries" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "password_resets_owner_key_unique" UNIQUE("owner_key"),
	CONSTRAINT "password_resets_secret_hash_unique" UNIQUE("secret_hash"),
	CONSTRAINT "password_resets_channel_check" CHECK ("password_resets"."channel" in ('email', 'sms'))
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_kind_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_resets_expires_idx" ON "password_resets" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_key" ON "users" USING btree ("phone");--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_kind_check" CHECK (kind in ('order_received', 'payment_received', 'order_shipped', 'order_delivered', 'order_cancelled', 'refund_made', 'owner_new_order', 'owner_payment_flag', 'owner_low_stock', 'password_reset'));