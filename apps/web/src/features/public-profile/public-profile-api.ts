import { queryOptions } from '@tanstack/react-query';
import type { FriendshipStatus, FunctionalField, GalleryImage } from '@juntos/domain';
import { apiRequest } from '../../lib/api-client';

export type PublicProfile = {
  id: number;
  nombre: string;
  apellidos: string;
  photo: string | null;
  country: string;
  ciudad: string;
  bio: string;
  edad?: number | null;
  friendship_status: FriendshipStatus;
  imagenes?: GalleryImage[];
} & Partial<Record<FunctionalField, string | null>>;

/** A member's public profile; an id that is not a positive whole number is never asked for. */
export const publicProfileQuery = (memberId: number) =>
  queryOptions({
    queryKey: ['public-profile', memberId],
    // `t` avoids any cached copy (spec §7).
    queryFn: () => apiRequest<PublicProfile>(`/buscar/perfil/${memberId}/?t=${Date.now()}`),
    enabled: Number.isInteger(memberId) && memberId > 0,
    retry: false,
  });
