import { queryOptions } from '@tanstack/react-query';
import { profileRoutes, type MemberProfile, type Page } from '@juntos/domain';
import { apiCall } from '../../lib/api-client';

/** A member found by a search: their profile as the viewer may see it (the route's schema). */
export type MemberResult = MemberProfile;
/** `anywhere` (search by disease only): nobody matched the place, so members anywhere are shown. */
export type MemberPage = Page<MemberProfile> & { anywhere?: boolean };

/** A form's answers as a query: an empty answer is not sent. */
const filled = (params: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(params).filter(([, value]) => value !== ''));
/** Ages and disease codes are numbers in the query the server reads (written as text in the address). */
const numberOrNothing = (value: string | undefined) => (value ? Number(value) : undefined);

export function searchByProfile(params: Record<string, string>) {
  const { edad_min, edad_max, ...answers } = filled(params);
  return apiCall(profileRoutes.searchByProfile, {
    query: {
      limit: 50,
      ...answers,
      edad_min: numberOrNothing(edad_min),
      edad_max: numberOrNothing(edad_max),
    },
  });
}
export function searchByDisease(params: Record<string, string>) {
  const { orphacode, ...place } = filled(params);
  return apiCall(profileRoutes.searchByDisease, {
    query: { limit: 50, ...place, orphacode: Number(orphacode) },
  });
}

/** A search runs once submitted; `undefined` means the form has not been sent yet. */
export const profileSearchQuery = (submitted: Record<string, string> | undefined) =>
  queryOptions({
    queryKey: ['member-search', 'profile', submitted],
    queryFn: () => searchByProfile(submitted ?? {}),
    enabled: submitted !== undefined,
  });
export const diseaseSearchQuery = (submitted: Record<string, string> | undefined) =>
  queryOptions({
    queryKey: ['member-search', 'disease', submitted],
    queryFn: () => searchByDisease(submitted ?? {}),
    enabled: submitted !== undefined,
  });
