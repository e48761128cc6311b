CREATE TABLE "research_call_recipients" (
	"call_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"told_at" timestamp with time zone,
	CONSTRAINT "research_call_recipients_call_id_user_id_pk" PRIMARY KEY("call_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "research_calls" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "research_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"research_project_id" bigint NOT NULL,
	"author_id" bigint,
	"text" text NOT NULL,
	"language" text NOT NULL,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "research_call_recipients" ADD CONSTRAINT "research_call_recipients_call_id_research_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."research_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_call_recipients" ADD CONSTRAINT "research_call_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_calls" ADD CONSTRAINT "research_calls_research_project_id_research_projects_id_fk" FOREIGN KEY ("research_project_id") REFERENCES "public"."research_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_calls" ADD CONSTRAINT "research_calls_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "research_call_recipients_user_idx" ON "research_call_recipients" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "research_calls_project_idx" ON "research_calls" USING btree ("research_project_id");