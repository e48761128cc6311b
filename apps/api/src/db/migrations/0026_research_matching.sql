CREATE TABLE "research_consents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "research_consents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"scope" text NOT NULL,
	"given_by" text NOT NULL,
	"language" text NOT NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "research_matches" (
	"user_id" bigint NOT NULL,
	"entry_kind" text NOT NULL,
	"entry_id" bigint NOT NULL,
	"revision" integer NOT NULL,
	"orphacode" integer NOT NULL,
	"country" text NOT NULL,
	"reason" text NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"told_at" timestamp with time zone,
	CONSTRAINT "research_matches_user_id_entry_kind_entry_id_revision_pk" PRIMARY KEY("user_id","entry_kind","entry_id","revision")
);
--> statement-breakpoint
ALTER TABLE "associations" ADD COLUMN "orphacodes" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "associations" ADD COLUMN "paises" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "associations" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "expert_centres" ADD COLUMN "orphacodes" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "expert_centres" ADD COLUMN "paises" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "expert_centres" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "research_projects" ADD COLUMN "orphacodes" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "research_projects" ADD COLUMN "paises" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "research_projects" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "research_projects" ADD COLUMN "estudio_clinico" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "research_projects" ADD COLUMN "recluta" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "research_projects" ADD COLUMN "recluta_hasta" date;--> statement-breakpoint
ALTER TABLE "research_consents" ADD CONSTRAINT "research_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_matches" ADD CONSTRAINT "research_matches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "research_consents_in_force_idx" ON "research_consents" USING btree ("user_id") WHERE "research_consents"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "research_consents_user_idx" ON "research_consents" USING btree ("user_id","given_at");--> statement-breakpoint
CREATE INDEX "research_matches_entry_idx" ON "research_matches" USING btree ("entry_kind","entry_id","revision");--> statement-breakpoint
CREATE INDEX "associations_orphacodes_idx" ON "associations" USING gin ("orphacodes");--> statement-breakpoint
CREATE INDEX "associations_paises_idx" ON "associations" USING gin ("paises");--> statement-breakpoint
CREATE INDEX "expert_centres_orphacodes_idx" ON "expert_centres" USING gin ("orphacodes");--> statement-breakpoint
CREATE INDEX "expert_centres_paises_idx" ON "expert_centres" USING gin ("paises");--> statement-breakpoint
CREATE INDEX "research_projects_orphacodes_idx" ON "research_projects" USING gin ("orphacodes");--> statement-breakpoint
CREATE INDEX "research_projects_paises_idx" ON "research_projects" USING gin ("paises");--> statement-breakpoint
-- Hand-written (issue 35): entries stored before this migration are about their seat's country.
UPDATE "associations" SET "paises" = ARRAY["pais"] WHERE "paises" = '{}';--> statement-breakpoint
UPDATE "expert_centres" SET "paises" = ARRAY["pais"] WHERE "paises" = '{}';--> statement-breakpoint
UPDATE "research_projects" SET "paises" = ARRAY["pais"] WHERE "paises" = '{}';
