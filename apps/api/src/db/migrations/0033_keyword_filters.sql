CREATE TABLE "keyword_filters" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "keyword_filters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"phrase" text NOT NULL,
	"action" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "keyword_filters_action_check" CHECK ("keyword_filters"."action" in ('hide', 'warn'))
);
--> statement-breakpoint
ALTER TABLE "keyword_filters" ADD CONSTRAINT "keyword_filters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "keyword_filters_phrase_idx" ON "keyword_filters" USING btree ("user_id",lower("phrase"));