DROP INDEX "chat_messages_unread_idx";--> statement-breakpoint
ALTER TABLE "chat_settings" ADD COLUMN "hidden_through_id" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "chat_messages_created_at_idx" ON "chat_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "chat_messages_unread_idx" ON "chat_messages" USING btree ("receiver_id","sender_id","id") WHERE "chat_messages"."read_at" is null;