import {
  FUNCTIONAL_FIELDS,
  PRIVATE_PROFILE_FIELDS,
  visibilityFormField,
  type FieldVisibility,
  type FunctionalField,
  type OwnProfile,
  NO_DIAGNOSIS,
} from '@juntos/domain';

/** What the editor holds while the member types: every value as the form controls show it. */
export type ProfileFormState = {
  nombre: string;
  apellidos: string;
  country: string;
  ciudad: string;
  comunidad: string;
  date_of_birth: string;
  bio: string;
  enfermedad: string;
  orphacode: string;
  functional: Record<FunctionalField, string>;
  visibility: FieldVisibility;
  removePhoto: boolean;
};

export function formStateFrom(profile: OwnProfile): ProfileFormState {
  return {
    nombre: profile.nombre,
    apellidos: profile.apellidos,
    country: profile.country ?? '',
    ciudad: profile.ciudad,
    comunidad: profile.comunidad,
    date_of_birth: profile.date_of_birth ?? '',
    bio: profile.bio,
    // "Sans diagnostic" is how an empty disease is stored; the member sees an empty field.
    enfermedad: profile.enfermedad === NO_DIAGNOSIS ? '' : profile.enfermedad,
    orphacode: profile.orphacode === null ? '' : String(profile.orphacode),
    functional: Object.fromEntries(FUNCTIONAL_FIELDS.map((field) => [field, profile[field] ?? ''])) as Record<
      FunctionalField,
      string
    >,
    visibility: { ...profile.visibility },
    removePhoto: false,
  };
}

/** The text fields of PUT /api/profile/ (the same names the shared schema reads). */
export function formFieldsFrom(state: ProfileFormState): Record<string, string> {
  const fields: Record<string, string> = {
    nombre: state.nombre,
    apellidos: state.apellidos,
    country: state.country,
    ciudad: state.ciudad,
    comunidad: state.comunidad,
    date_of_birth: state.date_of_birth,
    bio: state.bio,
    enfermedad: state.enfermedad,
    orphacode: state.orphacode,
    ...state.functional,
  };
  for (const field of PRIVATE_PROFILE_FIELDS) fields[visibilityFormField(field)] = state.visibility[field];
  if (state.removePhoto) fields.remove_photo = 'true';
  return fields;
}
