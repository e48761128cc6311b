/*
 * What a supporter may do (decision 0047), apart from the grants' schemas in supporters.ts: the
 * web app's first bundle reads these on every page (the API client, the navigation), and zod must
 * stay out of it (issue 19: the landing page's JavaScript budget).
 */

/** What a member can let a supporter do: posts and comments, messages, the profile and settings. */
export const SUPPORTER_PERMISSIONS = ['posts', 'messages', 'profile'] as const;
export type SupporterPermission = (typeof SUPPORTER_PERMISSIONS)[number];

/**
 * What a route lets a supporter acting for a member do (decision 0047): the permission a grant
 * needs for it, or `any` for what every grant needs (who the member is, directories, translation).
 * A route without one refuses an acting token: the password, e-mail, passkeys, supporters,
 * deletion, earnings and consents never have one.
 */
export type SupporterScope = SupporterPermission | 'any';

/** Whether a supporter whose grant allows `permissions` may use what needs `scope` (none: never). */
export const supporterMay = (
  permissions: readonly SupporterPermission[],
  scope: SupporterScope | undefined,
) => scope === 'any' || (scope !== undefined && permissions.includes(scope));
