ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_status_check";--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "handed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "resends" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "resent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "resent_by" uuid;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_resent_by_users_id_fk" FOREIGN KEY ("resent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_status_check" CHECK (status in ('queued', 'sending', 'sent', 'failed', 'logged', 'unknown'));