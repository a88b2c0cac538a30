ALTER TABLE "payments" ADD COLUMN "channel" text DEFAULT 'page' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "momo_phone" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "momo_network" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "charge_state" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "display_text" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "charge_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "decline_reason" text;