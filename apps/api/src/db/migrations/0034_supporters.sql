CREATE TABLE "supporters" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supporters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"supporter_id" bigint,
	"invited_email" text NOT NULL,
	"permissions" text[] NOT NULL,
	"state" text DEFAULT 'invited' NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "supporters_permissions_known" CHECK (cardinality("supporters"."permissions") > 0 and "supporters"."permissions" <@ array['posts', 'messages', 'profile']::text[]),
	CONSTRAINT "supporters_not_self" CHECK ("supporters"."supporter_id" is null or "supporters"."supporter_id" <> "supporters"."member_id")
);
--> statement-breakpoint
ALTER TABLE "supporters" ADD CONSTRAINT "supporters_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supporters" ADD CONSTRAINT "supporters_supporter_id_users_id_fk" FOREIGN KEY ("supporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supporters_member_idx" ON "supporters" USING btree ("member_id","state");--> statement-breakpoint
CREATE INDEX "supporters_supporter_idx" ON "supporters" USING btree ("supporter_id","state") WHERE "supporters"."supporter_id" is not null;--> statement-breakpoint
CREATE INDEX "supporters_invited_email_idx" ON "supporters" USING btree ("invited_email") WHERE "supporters"."state" = 'invited';--> statement-breakpoint
CREATE UNIQUE INDEX "supporters_live_unique" ON "supporters" USING btree ("member_id","invited_email") WHERE "supporters"."state" <> 'ended';