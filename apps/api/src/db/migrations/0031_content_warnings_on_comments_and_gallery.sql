ALTER TABLE "gallery_images" ADD COLUMN "content_warning_kind" text;--> statement-breakpoint
ALTER TABLE "gallery_images" ADD COLUMN "content_warning_text" text;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "content_warning_kind" text;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "content_warning_text" text;--> statement-breakpoint
ALTER TABLE "gallery_images" ADD CONSTRAINT "gallery_images_content_warning_kind_check" CHECK ("gallery_images"."content_warning_kind" in ('death_grief', 'medical_images', 'surgery', 'self_harm', 'strong_feelings', 'other'));--> statement-breakpoint
-- A kind the list does not know (none is written by the API) becomes the writer's own words.
UPDATE "posts" SET "content_warning_text" = coalesce("content_warning_text", "content_warning_kind"), "content_warning_kind" = 'other' WHERE "content_warning_kind" NOT IN ('death_grief', 'medical_images', 'surgery', 'self_harm', 'strong_feelings', 'other');--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_content_warning_kind_check" CHECK ("posts"."content_warning_kind" in ('death_grief', 'medical_images', 'surgery', 'self_harm', 'strong_feelings', 'other'));--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_content_warning_kind_check" CHECK ("comments"."content_warning_kind" in ('death_grief', 'medical_images', 'surgery', 'self_harm', 'strong_feelings', 'other'));