CREATE TABLE "retained_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "retained_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"pseudonym" uuid NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"retain_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "device" text;--> statement-breakpoint
CREATE INDEX "retained_records_retain_until_idx" ON "retained_records" USING btree ("retain_until");--> statement-breakpoint
CREATE INDEX "reports_resolved_idx" ON "reports" USING btree ("resolved_at") WHERE "reports"."status" = 'resolved';--> statement-breakpoint
CREATE INDEX "admin_audit_log_target_idx" ON "admin_audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "admin_audit_log_author_idx" ON "admin_audit_log" USING btree (("details" ->> 'author_id')) WHERE "admin_audit_log"."details" ? 'author_id';--> statement-breakpoint
CREATE INDEX "admin_audit_log_admin_idx" ON "admin_audit_log" USING btree ("admin_id");--> statement-breakpoint
-- The audit log stays append-only for everyone but the privacy maintenance (issue 24): account
-- deletion pseudonymises the entries about the member and the retention job deletes entries past
-- their period. Both say so for their own transaction only (`set local juntos.privacy_maintenance`).
CREATE OR REPLACE FUNCTION admin_audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('juntos.privacy_maintenance', true) = 'on' THEN
    IF TG_OP = 'DELETE' THEN
      RETURN OLD;
    END IF;
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'admin_audit_log is append-only';
END;
$$;
