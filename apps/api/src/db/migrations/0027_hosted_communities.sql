CREATE TABLE "association_communities" (
	"community_id" bigint PRIMARY KEY NOT NULL,
	"association_id" bigint NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_rule_acceptances" (
	"user_id" bigint NOT NULL,
	"rules_id" bigint NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_rule_acceptances_user_id_rules_id_pk" PRIMARY KEY("user_id","rules_id")
);
--> statement-breakpoint
CREATE TABLE "community_rules" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "community_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"community_id" bigint NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "directory_representatives" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "directory_representatives_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entry_kind" text NOT NULL,
	"association_id" bigint,
	"research_project_id" bigint,
	"user_id" bigint,
	"invited_email" text NOT NULL,
	"invited_by" bigint,
	"token_hash" text NOT NULL,
	"state" text DEFAULT 'invited' NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "directory_representatives_entry_fits" CHECK (("directory_representatives"."entry_kind" = 'association' and "directory_representatives"."association_id" is not null and "directory_representatives"."research_project_id" is null) or ("directory_representatives"."entry_kind" = 'research_project' and "directory_representatives"."research_project_id" is not null and "directory_representatives"."association_id" is null)),
	CONSTRAINT "directory_representatives_member_when_accepted" CHECK ("directory_representatives"."state" = 'invited' or "directory_representatives"."state" = 'removed' or "directory_representatives"."user_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "association_communities" ADD CONSTRAINT "association_communities_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "association_communities" ADD CONSTRAINT "association_communities_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_rule_acceptances" ADD CONSTRAINT "community_rule_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_rule_acceptances" ADD CONSTRAINT "community_rule_acceptances_rules_id_community_rules_id_fk" FOREIGN KEY ("rules_id") REFERENCES "public"."community_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_rules" ADD CONSTRAINT "community_rules_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_representatives" ADD CONSTRAINT "directory_representatives_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_representatives" ADD CONSTRAINT "directory_representatives_research_project_id_research_projects_id_fk" FOREIGN KEY ("research_project_id") REFERENCES "public"."research_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_representatives" ADD CONSTRAINT "directory_representatives_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_representatives" ADD CONSTRAINT "directory_representatives_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "association_communities_association_idx" ON "association_communities" USING btree ("association_id","community_id");--> statement-breakpoint
CREATE INDEX "community_rule_acceptances_rules_idx" ON "community_rule_acceptances" USING btree ("rules_id");--> statement-breakpoint
CREATE INDEX "community_rules_community_idx" ON "community_rules" USING btree ("community_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "directory_representatives_token_unique" ON "directory_representatives" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "directory_representatives_user_idx" ON "directory_representatives" USING btree ("user_id","state");--> statement-breakpoint
CREATE INDEX "directory_representatives_association_idx" ON "directory_representatives" USING btree ("association_id","state") WHERE "directory_representatives"."association_id" is not null;--> statement-breakpoint
CREATE INDEX "directory_representatives_project_idx" ON "directory_representatives" USING btree ("research_project_id","state") WHERE "directory_representatives"."research_project_id" is not null;--> statement-breakpoint
CREATE INDEX "directory_representatives_email_idx" ON "directory_representatives" USING btree (lower("invited_email"));--> statement-breakpoint
CREATE INDEX "directory_representatives_invited_by_idx" ON "directory_representatives" USING btree ("invited_by") WHERE "directory_representatives"."invited_by" is not null;--> statement-breakpoint
CREATE INDEX "directory_representatives_state_idx" ON "directory_representatives" USING btree ("state","invited_at");