CREATE TABLE "supporter_actions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supporter_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"supporter_id" bigint,
	"route" text NOT NULL,
	"scope" text NOT NULL,
	"target_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "supporter_actions" ADD CONSTRAINT "supporter_actions_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supporter_actions" ADD CONSTRAINT "supporter_actions_supporter_id_users_id_fk" FOREIGN KEY ("supporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supporter_actions_member_idx" ON "supporter_actions" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "supporter_actions_supporter_idx" ON "supporter_actions" USING btree ("supporter_id");