import { queryOptions } from '@tanstack/react-query';
import type { MemberProfile, Page } from '@juntos/domain';
import { apiRequest } from '../../lib/api-client';

/** A member found by a search: their profile as the viewer may see it (the route's schema). */
export type MemberResult = MemberProfile;
/** `anywhere` (search by disease only): nobody matched the place, so members anywhere are shown. */
export type MemberPage = Page<MemberProfile> & { anywhere?: boolean };

const query = (params: Record<string, string>) =>
  new URLSearchParams(Object.entries(params).filter(([, value]) => value !== '')).toString();

export const searchByProfile = (params: Record<string, string>) =>
  apiRequest<MemberPage>(`/buscar/perfil/?${query({ limit: '50', ...params })}`);
export const searchByDisease = (params: Record<string, string>) =>
  apiRequest<MemberPage>(`/buscar/enfermedad/?${query({ limit: '50', ...params })}`);

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
