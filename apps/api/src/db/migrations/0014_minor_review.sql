-- Existing minor accounts start unreviewed on purpose: any of them may be an adult who declared a minor's birth date, so each waits in the administrators' queue like a new one (docs/decisions/0011).
CREATE TYPE "public"."age_group" AS ENUM('minor', 'adult');--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "age_group" "age_group";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "minor_reviewed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_minor_candidates_idx" ON "users" USING btree ("id") WHERE "users"."tipo_registro" = 'menor' or "users"."age_group" = 'minor';