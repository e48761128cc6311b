-- One engagement model (issue 17, decision 0012): the likes and comments of posts and gallery
-- images move into `likes` and `comments`, named by content kind and id. Every row keeps its
-- ids, author, text, timestamps and moderation state; comment ids were unique only within one
-- kind (reports name them by kind and id), so the comments' key is (content_kind, id).
CREATE TABLE "comments" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"content_kind" text NOT NULL,
	"content_id" bigint NOT NULL,
	"author_id" bigint NOT NULL,
	"text" text NOT NULL,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comments_content_kind_id_pk" PRIMARY KEY("content_kind","id")
);
--> statement-breakpoint
CREATE TABLE "likes" (
	"content_kind" text NOT NULL,
	"content_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "likes_content_kind_content_id_user_id_pk" PRIMARY KEY("content_kind","content_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "likes" ("content_kind", "content_id", "user_id", "created_at")
  SELECT 'post', "post_id", "user_id", "created_at" FROM "post_likes"
  UNION ALL
  SELECT 'gallery_image', "image_id", "user_id", "created_at" FROM "gallery_likes";--> statement-breakpoint
INSERT INTO "comments" ("id", "content_kind", "content_id", "author_id", "text", "hidden_at", "created_at")
  OVERRIDING SYSTEM VALUE
  SELECT "id", 'post', "post_id", "author_id", "text", "hidden_at", "created_at" FROM "post_comments"
  UNION ALL
  SELECT "id", 'gallery_image', "image_id", "author_id", "content", "hidden_at", "created_at" FROM "gallery_comments";--> statement-breakpoint
-- New comments take ids above every moved one, so from now on an id is unique on its own too.
SELECT setval(pg_get_serial_sequence('comments', 'id'), (SELECT coalesce(max("id"), 0) + 1 FROM "comments"), false);--> statement-breakpoint
CREATE INDEX "comments_content_idx" ON "comments" USING btree ("content_kind","content_id","created_at");--> statement-breakpoint
CREATE INDEX "comments_author_idx" ON "comments" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "likes_user_idx" ON "likes" USING btree ("user_id");--> statement-breakpoint
-- No foreign key can point from a like or comment to its content (it lives in one of several
-- tables), so deleting a piece of content deletes its likes and comments here, in one place: a
-- trigger on each content table, given the table's kind. A new kind adds one CREATE TRIGGER.
CREATE FUNCTION forget_engagement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "likes" WHERE "content_kind" = TG_ARGV[0] AND "content_id" = OLD."id";
  DELETE FROM "comments" WHERE "content_kind" = TG_ARGV[0] AND "content_id" = OLD."id";
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "posts_forget_engagement" AFTER DELETE ON "posts"
  FOR EACH ROW EXECUTE FUNCTION forget_engagement('post');--> statement-breakpoint
CREATE TRIGGER "gallery_images_forget_engagement" AFTER DELETE ON "gallery_images"
  FOR EACH ROW EXECUTE FUNCTION forget_engagement('gallery_image');--> statement-breakpoint
DROP TABLE "gallery_comments" CASCADE;--> statement-breakpoint
DROP TABLE "gallery_likes" CASCADE;--> statement-breakpoint
DROP TABLE "post_comments" CASCADE;--> statement-breakpoint
DROP TABLE "post_likes" CASCADE;
