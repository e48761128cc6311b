ALTER TABLE "gallery_images" ADD COLUMN "helper_id" bigint;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "helper_id" bigint;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "helper_id" bigint;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "helper_id" bigint;--> statement-breakpoint
ALTER TABLE "gallery_images" ADD CONSTRAINT "gallery_images_helper_id_users_id_fk" FOREIGN KEY ("helper_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_helper_id_users_id_fk" FOREIGN KEY ("helper_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_helper_id_users_id_fk" FOREIGN KEY ("helper_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_helper_id_users_id_fk" FOREIGN KEY ("helper_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gallery_images_helper_idx" ON "gallery_images" USING btree ("helper_id") WHERE "gallery_images"."helper_id" is not null;--> statement-breakpoint
CREATE INDEX "posts_helper_idx" ON "posts" USING btree ("helper_id") WHERE "posts"."helper_id" is not null;--> statement-breakpoint
CREATE INDEX "comments_helper_idx" ON "comments" USING btree ("helper_id") WHERE "comments"."helper_id" is not null;--> statement-breakpoint
CREATE INDEX "chat_messages_helper_idx" ON "chat_messages" USING btree ("helper_id") WHERE "chat_messages"."helper_id" is not null;