-- The safeguarding rule's member lists (docs/decisions/0011), as functions so that every query using the rule stays cheap to plan: PL/pgSQL keeps the plans of its statements for the session, and the calling query sees one function call instead of five sub-selects.
-- A minor: an administrator's word or the registration type, and the birth date (when known) not yet 18. A plain SQL expression, so the planner inlines it.
CREATE FUNCTION safeguarding_is_minor(age_group age_group, tipo_registro registration_type, date_of_birth date, adults_from date) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT (age_group IS NOT DISTINCT FROM 'minor' OR (age_group IS NULL AND tipo_registro = 'menor'))
     AND (date_of_birth IS NULL OR date_of_birth > adults_from)
$$;--> statement-breakpoint
-- Whom a viewer may see and reach: everyone but `excluded` (blocks either way, suspended members, and minors for an adult), and, when `included` is not null, only those in it (reviewed minors for a reviewed minor; nobody for a minor awaiting review or an unknown viewer).
CREATE FUNCTION safeguarding_scope(viewer bigint, adults_from date, OUT excluded bigint[], OUT included bigint[])
LANGUAGE plpgsql STABLE AS $$
DECLARE
  viewer_is_minor boolean;
  viewer_reviewed boolean;
BEGIN
  SELECT safeguarding_is_minor(u.age_group, u.tipo_registro, p.date_of_birth, adults_from), u.minor_reviewed_at IS NOT NULL
    INTO viewer_is_minor, viewer_reviewed
    FROM users u LEFT JOIN profiles p ON p.user_id = u.id
    WHERE u.id = viewer;
  excluded := ARRAY(
    SELECT b.blocked_id FROM blocks b WHERE b.blocker_id = viewer
    UNION ALL SELECT b.blocker_id FROM blocks b WHERE b.blocked_id = viewer
    UNION ALL SELECT u.id FROM users u WHERE u.suspended_at IS NOT NULL);
  IF viewer_is_minor IS NULL THEN
    included := '{}';
  ELSIF NOT viewer_is_minor THEN
    -- The condition on tipo_registro/age_group lets the partial index users_minor_candidates_idx serve.
    excluded := excluded || ARRAY(
      SELECT u.id FROM users u LEFT JOIN profiles p ON p.user_id = u.id
      WHERE (u.tipo_registro = 'menor' OR u.age_group = 'minor')
        AND safeguarding_is_minor(u.age_group, u.tipo_registro, p.date_of_birth, adults_from));
  ELSIF viewer_reviewed THEN
    included := ARRAY(
      SELECT u.id FROM users u LEFT JOIN profiles p ON p.user_id = u.id
      WHERE (u.tipo_registro = 'menor' OR u.age_group = 'minor')
        AND safeguarding_is_minor(u.age_group, u.tipo_registro, p.date_of_birth, adults_from)
        AND u.minor_reviewed_at IS NOT NULL);
  ELSE
    included := '{}';
  END IF;
END
$$;
