ALTER TABLE "posts" ADD COLUMN "likes_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The feed reads a post's likes from this column (decision 0016) instead of counting them per post on every page: a popular post's count cost as many index entries as it had likes.
UPDATE "posts" SET "likes_count" = counted.n
  FROM (SELECT "content_id", count(*)::int AS n FROM "likes" WHERE "content_kind" = 'post' GROUP BY "content_id") AS counted
  WHERE counted."content_id" = "posts"."id";--> statement-breakpoint
-- Statement triggers with transition tables: one UPDATE per statement whatever it touched (a like, an unlike, every like of a member being erased, a bulk seed), each post's row locked once, so concurrent likes of one post all count. Gallery likes are not counted here (no column on gallery_images).
CREATE FUNCTION count_post_likes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "posts" SET "likes_count" = "posts"."likes_count" - gone.n
      FROM (SELECT "content_id", count(*)::int AS n FROM old_likes WHERE "content_kind" = 'post' GROUP BY "content_id") AS gone
      WHERE gone."content_id" = "posts"."id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "posts" SET "likes_count" = "posts"."likes_count" + added.n
      FROM (SELECT "content_id", count(*)::int AS n FROM new_likes WHERE "content_kind" = 'post' GROUP BY "content_id") AS added
      WHERE added."content_id" = "posts"."id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "likes_counted_on_insert" AFTER INSERT ON "likes"
  REFERENCING NEW TABLE AS new_likes FOR EACH STATEMENT EXECUTE FUNCTION count_post_likes();--> statement-breakpoint
CREATE TRIGGER "likes_counted_on_update" AFTER UPDATE ON "likes"
  REFERENCING OLD TABLE AS old_likes NEW TABLE AS new_likes FOR EACH STATEMENT EXECUTE FUNCTION count_post_likes();--> statement-breakpoint
CREATE TRIGGER "likes_counted_on_delete" AFTER DELETE ON "likes"
  REFERENCING OLD TABLE AS old_likes FOR EACH STATEMENT EXECUTE FUNCTION count_post_likes();--> statement-breakpoint
-- TRUNCATE fires no row or transition-table trigger: the counts follow it to zero.
CREATE FUNCTION zero_post_likes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "posts" SET "likes_count" = 0 WHERE "likes_count" <> 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "likes_counted_on_truncate" AFTER TRUNCATE ON "likes"
  FOR EACH STATEMENT EXECUTE FUNCTION zero_post_likes();--> statement-breakpoint
-- The safeguarding rule's two lists as two functions (0016's safeguarding_scope computed both, and a query asked it once for each list): for an adult, `included` is one primary-key lookup instead of a second pass over blocks, suspended members and minors.
CREATE FUNCTION safeguarding_excluded(viewer bigint, adults_from date) RETURNS bigint[]
LANGUAGE plpgsql STABLE AS $$
DECLARE
  viewer_is_minor boolean;
  excluded bigint[];
BEGIN
  SELECT safeguarding_is_minor(u.age_group, u.tipo_registro, p.date_of_birth, adults_from)
    INTO viewer_is_minor
    FROM users u LEFT JOIN profiles p ON p.user_id = u.id
    WHERE u.id = viewer;
  excluded := ARRAY(
    SELECT b.blocked_id FROM blocks b WHERE b.blocker_id = viewer
    UNION ALL SELECT b.blocker_id FROM blocks b WHERE b.blocked_id = viewer
    UNION ALL SELECT u.id FROM users u WHERE u.suspended_at IS NOT NULL);
  IF viewer_is_minor IS NOT NULL AND NOT viewer_is_minor THEN
    -- The condition on tipo_registro/age_group lets the partial index users_minor_candidates_idx serve.
    excluded := excluded || ARRAY(
      SELECT u.id FROM users u LEFT JOIN profiles p ON p.user_id = u.id
      WHERE (u.tipo_registro = 'menor' OR u.age_group = 'minor')
        AND safeguarding_is_minor(u.age_group, u.tipo_registro, p.date_of_birth, adults_from));
  END IF;
  RETURN excluded;
END
$$;--> statement-breakpoint
CREATE FUNCTION safeguarding_included(viewer bigint, adults_from date) RETURNS bigint[]
LANGUAGE plpgsql STABLE AS $$
DECLARE
  viewer_is_minor boolean;
  viewer_reviewed boolean;
BEGIN
  SELECT safeguarding_is_minor(u.age_group, u.tipo_registro, p.date_of_birth, adults_from), u.minor_reviewed_at IS NOT NULL
    INTO viewer_is_minor, viewer_reviewed
    FROM users u LEFT JOIN profiles p ON p.user_id = u.id
    WHERE u.id = viewer;
  IF viewer_is_minor IS NULL THEN
    RETURN '{}';
  ELSIF NOT viewer_is_minor THEN
    RETURN NULL;
  ELSIF viewer_reviewed THEN
    RETURN ARRAY(
      SELECT u.id FROM users u LEFT JOIN profiles p ON p.user_id = u.id
      WHERE (u.tipo_registro = 'menor' OR u.age_group = 'minor')
        AND safeguarding_is_minor(u.age_group, u.tipo_registro, p.date_of_birth, adults_from)
        AND u.minor_reviewed_at IS NOT NULL);
  END IF;
  RETURN '{}';
END
$$;
