import { queryOptions } from '@tanstack/react-query';
import type { FriendshipStatus } from '@juntos/domain';
import { apiRequest } from '../../lib/api-client';

export type MemberResult = {
  id: number;
  nombre: string;
  apellidos: string;
  photo: string | null;
  ciudad: string;
  country: string | null;
  edad?: number | null;
  friendship_status: FriendshipStatus;
};
export type MemberPage = { results: MemberResult[]; next: string | null; anywhere?: boolean };

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
