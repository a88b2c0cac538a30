ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_kind_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "entered_by_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "entered_by" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "email_placeholder" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_kind_check" CHECK (kind in ('order_received', 'payment_received', 'order_shipped', 'order_delivered', 'order_cancelled', 'refund_made', 'owner_new_order', 'owner_payment_flag', 'owner_low_stock', 'password_reset', 'payment_link'));