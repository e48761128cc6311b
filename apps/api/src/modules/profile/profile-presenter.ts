import type { MemberProfile, PRIVATE_PROFILE_FIELDS } from '@juntos/domain';
import {
  FUNCTIONAL_FIELDS,
  ageOn,
  audienceAllows,
  defaultVisibility,
  type FieldVisibility,
  type FriendshipStatus,
  type OwnProfile,
  type RegistrationType,
  type ViewerRelation,
} from '@juntos/domain';
import type { MemberMediaUrl } from '../../lib/private-media';
import type { ProfileRow } from './profile.repository';

export function visibilityOf(row: Pick<ProfileRow, 'visibility'> | null): FieldVisibility {
  return { ...defaultVisibility(), ...(row?.visibility ?? {}) };
}

const functionalValues = (row: ProfileRow | null) =>
  Object.fromEntries(FUNCTIONAL_FIELDS.map((field) => [field, row?.[field] ?? null])) as Record<
    (typeof FUNCTIONAL_FIELDS)[number],
    string | null
  >;

/** The member's own profile, every field, with the audience chosen for each health field. */
export function presentOwnProfile(
  user: { id: number; email: string; tipoRegistro: RegistrationType },
  row: ProfileRow | null,
  mediaUrl: MemberMediaUrl,
): OwnProfile {
  return {
    nombre: row?.nombre ?? '',
    apellidos: row?.apellidos ?? '',
    photo: row?.photoKey ? mediaUrl(row.photoKey, user.id) : null,
    country: row?.country ?? null,
    ciudad: row?.ciudad ?? '',
    comunidad: row?.comunidad ?? '',
    date_of_birth: row?.dateOfBirth ?? null,
    bio: row?.bio ?? '',
    enfermedad: row?.enfermedad ?? '',
    orphacode: row?.orphacode ?? null,
    ...functionalValues(row),
    visibility: visibilityOf(row),
    user: { id: user.id, email: user.email, tipo_registro: user.tipoRegistro },
  };
}

/**
 * Another member's profile as this viewer may see it: a health field the member keeps from the
 * viewer is absent from the answer (not null, not masked), so nothing about it leaks.
 */
export function presentProfileFor(
  row: ProfileRow,
  relation: ViewerRelation,
  friendshipStatus: FriendshipStatus,
  photoUrl: (key: string) => string,
  today: string,
) {
  const visibility = visibilityOf(row);
  const visible = (field: (typeof PRIVATE_PROFILE_FIELDS)[number]) =>
    audienceAllows(visibility[field], relation);
  const profile: MemberProfile = {
    id: row.userId,
    nombre: row.nombre,
    apellidos: row.apellidos,
    photo: row.photoKey ? photoUrl(row.photoKey) : null,
    country: row.country,
    ciudad: row.ciudad,
    comunidad: row.comunidad,
    bio: row.bio,
    friendship_status: friendshipStatus,
  };
  if (visible('date_of_birth')) {
    profile.date_of_birth = row.dateOfBirth;
    profile.edad = ageOn(row.dateOfBirth, today) ?? null;
  }
  if (visible('enfermedad')) {
    profile.enfermedad = row.enfermedad;
    profile.orphacode = row.orphacode;
  }
  for (const field of FUNCTIONAL_FIELDS) if (visible(field)) profile[field] = row[field];
  return profile;
}
