CREATE TABLE "communities" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "communities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"orphacode" integer,
	"slug" text,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"suggested_for" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"member_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "communities_kind_fits" CHECK (("communities"."kind" = 'disease' and "communities"."orphacode" is not null and "communities"."slug" is null) or ("communities"."kind" = 'topic' and "communities"."slug" is not null and "communities"."orphacode" is null)),
	CONSTRAINT "communities_member_count_not_negative" CHECK ("communities"."member_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "community_members" (
	"community_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"listed" boolean DEFAULT false NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_members_community_id_user_id_pk" PRIMARY KEY("community_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "community_moderators" (
	"community_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"appointed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_moderators_community_id_user_id_pk" PRIMARY KEY("community_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "community_posts_in_feed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "community_id" bigint;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "pinned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "community_members" ADD CONSTRAINT "community_members_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_members" ADD CONSTRAINT "community_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_moderators" ADD CONSTRAINT "community_moderators_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_moderators" ADD CONSTRAINT "community_moderators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "communities_orphacode_unique" ON "communities" USING btree ("orphacode") WHERE "communities"."orphacode" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "communities_slug_unique" ON "communities" USING btree ("slug") WHERE "communities"."slug" is not null;--> statement-breakpoint
CREATE INDEX "community_members_user_idx" ON "community_members" USING btree ("user_id","community_id");--> statement-breakpoint
CREATE INDEX "community_moderators_user_idx" ON "community_moderators" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_community_feed_idx" ON "posts" USING btree ("community_id","created_at","id") WHERE "posts"."community_id" is not null;--> statement-breakpoint
CREATE INDEX "posts_community_pinned_idx" ON "posts" USING btree ("community_id","pinned_at") WHERE "posts"."pinned_at" is not null;--> statement-breakpoint
-- The member count follows every join and leave, including the cascade of an account's erasure,
-- so no code path can forget it and no page has to count the member table.
CREATE FUNCTION community_member_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE communities SET member_count = member_count + 1 WHERE id = NEW.community_id;
    RETURN NEW;
  END IF;
  UPDATE communities SET member_count = member_count - 1 WHERE id = OLD.community_id;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER community_members_count AFTER INSERT OR DELETE ON community_members
  FOR EACH ROW EXECUTE FUNCTION community_member_count();
