CREATE TABLE "friendships" (
	"requester_id" bigint NOT NULL,
	"addressee_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "friendships_requester_id_addressee_id_pk" PRIMARY KEY("requester_id","addressee_id"),
	CONSTRAINT "friendships_not_self" CHECK ("friendships"."requester_id" <> "friendships"."addressee_id")
);
--> statement-breakpoint
CREATE TABLE "functional_answers" (
	"user_id" bigint NOT NULL,
	"characteristic_id" text NOT NULL,
	"estado" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "functional_answers_user_id_characteristic_id_pk" PRIMARY KEY("user_id","characteristic_id")
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"apellidos" text DEFAULT '' NOT NULL,
	"photo_key" text,
	"country" text NOT NULL,
	"ciudad" text DEFAULT '' NOT NULL,
	"comunidad" text DEFAULT '' NOT NULL,
	"date_of_birth" date NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"enfermedad" text NOT NULL,
	"orphacode" integer,
	"habla" text,
	"escribe" text,
	"movilidad" text,
	"motricidad" text,
	"ver" text,
	"audition" text,
	"memoire" text,
	"orientation" text,
	"concentration" text,
	"visibility" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rare_disease_codes" (
	"orphacode" integer PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rare_disease_names" (
	"orphacode" integer NOT NULL,
	"language" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "rare_disease_names_orphacode_language_pk" PRIMARY KEY("orphacode","language")
);
--> statement-breakpoint
CREATE TABLE "monetization_accounts" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"activated" boolean DEFAULT false NOT NULL,
	"activated_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_intro_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "friendships" ADD CONSTRAINT "friendships_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friendships" ADD CONSTRAINT "friendships_addressee_id_users_id_fk" FOREIGN KEY ("addressee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "functional_answers" ADD CONSTRAINT "functional_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monetization_accounts" ADD CONSTRAINT "monetization_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "friendships_addressee_idx" ON "friendships" USING btree ("addressee_id","status");--> statement-breakpoint
CREATE INDEX "profiles_country_city_idx" ON "profiles" USING btree ("country","ciudad");--> statement-breakpoint
CREATE INDEX "profiles_orphacode_idx" ON "profiles" USING btree ("orphacode") WHERE "profiles"."orphacode" is not null;--> statement-breakpoint
CREATE INDEX "rare_disease_names_language_idx" ON "rare_disease_names" USING btree ("language");