import { queryOptions } from '@tanstack/react-query';
import type { MemberProfile } from '@juntos/domain';
import { apiRequest } from '../../lib/api-client';

/** Another member's profile as the viewer may see it (the route's schema). */
export type PublicProfile = MemberProfile;

/** A member's public profile; an id that is not a positive whole number is never asked for. */
export const publicProfileQuery = (memberId: number) =>
  queryOptions({
    queryKey: ['public-profile', memberId],
    // `t` avoids any cached copy (spec §7).
    queryFn: () => apiRequest<PublicProfile>(`/buscar/perfil/${memberId}/?t=${Date.now()}`),
    enabled: Number.isInteger(memberId) && memberId > 0,
    retry: false,
  });
