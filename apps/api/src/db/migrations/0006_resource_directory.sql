CREATE TABLE "associations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "associations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text,
	"pais" text NOT NULL,
	"ciudad" text NOT NULL,
	"descripcion" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"enlace" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"nombre" text NOT NULL,
	CONSTRAINT "associations_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "expert_centres" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "expert_centres_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text,
	"pais" text NOT NULL,
	"ciudad" text NOT NULL,
	"descripcion" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"enlace" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"nombre" text NOT NULL,
	CONSTRAINT "expert_centres_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "research_projects" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "research_projects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text,
	"pais" text NOT NULL,
	"ciudad" text NOT NULL,
	"descripcion" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"enlace" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"titulo" text NOT NULL,
	CONSTRAINT "research_projects_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE INDEX "associations_place_idx" ON "associations" USING btree ("pais","ciudad","nombre");--> statement-breakpoint
CREATE INDEX "expert_centres_place_idx" ON "expert_centres" USING btree ("pais","ciudad","nombre");--> statement-breakpoint
CREATE INDEX "research_projects_place_idx" ON "research_projects" USING btree ("pais","ciudad","titulo");