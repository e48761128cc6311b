CREATE TABLE "session_ends" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"ended_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "session_ends_ended_at_idx" ON "session_ends" USING btree ("ended_at");--> statement-breakpoint
CREATE INDEX "refresh_tokens_created_at_idx" ON "refresh_tokens" USING btree ("created_at");--> statement-breakpoint
-- Every way a session ends writes its family here, so no code path can forget to (issue 36, decision 0050): a revoked family (logout, password change or reset, a reused refresh token), a live family deleted (an account's erasure), every live family of an account suspended. Rows older than an hour go at each write: an access token lives 15 minutes.
CREATE FUNCTION session_ends_record(family uuid) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO session_ends (session_id, ended_at) VALUES (family, clock_timestamp())
    ON CONFLICT (session_id) DO UPDATE SET ended_at = excluded.ended_at;
  DELETE FROM session_ends WHERE ended_at < clock_timestamp() - interval '1 hour';
END
$$;
--> statement-breakpoint
CREATE FUNCTION session_ends_on_refresh_token() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM session_ends_record(OLD.family_id);
  ELSE
    PERFORM session_ends_record(NEW.family_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION session_ends_on_suspension() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  family uuid;
BEGIN
  FOR family IN SELECT DISTINCT family_id FROM refresh_tokens WHERE user_id = NEW.id AND revoked_at IS NULL LOOP
    PERFORM session_ends_record(family);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER refresh_tokens_revoked AFTER UPDATE OF revoked_at ON refresh_tokens FOR EACH ROW
  WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL) EXECUTE FUNCTION session_ends_on_refresh_token();
--> statement-breakpoint
-- Expired and revoked rows that the retention pass deletes ended long ago: only a live one counts.
CREATE TRIGGER refresh_tokens_deleted AFTER DELETE ON refresh_tokens FOR EACH ROW
  WHEN (OLD.revoked_at IS NULL AND OLD.expires_at > now()) EXECUTE FUNCTION session_ends_on_refresh_token();
--> statement-breakpoint
CREATE TRIGGER users_suspended AFTER UPDATE OF suspended_at ON users FOR EACH ROW
  WHEN (OLD.suspended_at IS NULL AND NEW.suspended_at IS NOT NULL) EXECUTE FUNCTION session_ends_on_suspension();
--> statement-breakpoint
-- Sessions that ended in the hour before this migration, as far as the rows still tell.
INSERT INTO session_ends (session_id, ended_at)
  SELECT family_id, max(revoked_at) FROM refresh_tokens WHERE revoked_at > now() - interval '1 hour' GROUP BY family_id
  UNION
  SELECT DISTINCT r.family_id, u.suspended_at FROM refresh_tokens r JOIN users u ON u.id = r.user_id
    WHERE u.suspended_at > now() - interval '1 hour'
  ON CONFLICT (session_id) DO NOTHING;
