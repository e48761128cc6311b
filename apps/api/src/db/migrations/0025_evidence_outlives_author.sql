ALTER TABLE "chat_messages" DROP CONSTRAINT "chat_messages_sender_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "target_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ALTER COLUMN "sender_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "subject_label" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "former_sender" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_former_sender_idx" ON "chat_messages" USING btree ("receiver_id","former_sender","id") WHERE "chat_messages"."former_sender" is not null;