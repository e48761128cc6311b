-- 0020 split the safeguarding rule's two lists into safeguarding_excluded and safeguarding_included; nothing calls 0016's safeguarding_scope any more, and a function left behind would be read as part of the rule.
DROP FUNCTION IF EXISTS safeguarding_scope(bigint, date);
