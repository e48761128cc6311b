ALTER TABLE "posts" ADD COLUMN "content_warning_kind" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "content_warning_text" text;