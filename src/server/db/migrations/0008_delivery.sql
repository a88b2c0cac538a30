CREATE TABLE "delivery_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"regions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fee_pesewas" integer NOT NULL,
	"free_from_pesewas" integer,
	"eta" text DEFAULT '' NOT NULL,
	"fee_paid_with" text NOT NULL,
	"pickup" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_options_fee_check" CHECK ("delivery_options"."fee_pesewas" >= 0 and ("delivery_options"."free_from_pesewas" is null or "delivery_options"."free_from_pesewas" >= 0)),
	CONSTRAINT "delivery_options_paid_with_check" CHECK ("delivery_options"."fee_paid_with" in ('order', 'rider'))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_totals_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gps_address" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "landmark" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_option_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_fee_pesewas" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_fee_paid_with" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_eta" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_pickup" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "delivery_options_position_idx" ON "delivery_options" USING btree ("position");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_totals_check" CHECK ("orders"."subtotal_pesewas" >= 0 and "orders"."discount_pesewas" >= 0 and "orders"."delivery_fee_pesewas" >= 0 and "orders"."total_pesewas" = "orders"."subtotal_pesewas" - "orders"."discount_pesewas" + (case when "orders"."delivery_fee_paid_with" = 'order' then "orders"."delivery_fee_pesewas" else 0 end));