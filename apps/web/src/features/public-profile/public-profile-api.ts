import { queryOptions } from '@tanstack/react-query';
import { profileRoutes, type MemberProfile } from '@juntos/domain';
import { apiCall } from '../../lib/api-client';

/** Another member's profile as the viewer may see it (the route's schema). */
export type PublicProfile = MemberProfile;

/** The cache key of a member's public profile (live friendship changes refresh it). */
export const publicProfileKey = (memberId: number) => ['public-profile', memberId] as const;

/** A member's public profile; an id that is not a positive whole number is never asked for. */
export const publicProfileQuery = (memberId: number) =>
  queryOptions({
    queryKey: publicProfileKey(memberId),
    // `t` avoids any cached copy (spec §7).
    queryFn: () =>
      apiCall(profileRoutes.member, { params: { id: memberId }, query: { t: String(Date.now()) } }),
    enabled: Number.isInteger(memberId) && memberId > 0,
    retry: false,
  });
