import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import {
  FUNCTIONAL_FIELDS,
  NO_DIAGNOSIS,
  PRIVATE_PROFILE_FIELDS,
  createProfileFormSchema,
  todayIso,
  visibilityFormField,
  type OwnProfile,
  type ProfileFormInput,
} from '@juntos/domain';
import { errorText, useSchemaForm } from '../../lib/forms';

/** What the editor holds while the member types: the fields of PUT /api/profile/, as text. */
export type ProfileFormValues = ProfileFormInput;

export function formValuesFrom(profile: OwnProfile): ProfileFormValues {
  const values: ProfileFormValues = {
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
    photo: undefined,
    remove_photo: false,
  };
  for (const field of FUNCTIONAL_FIELDS) values[field] = profile[field] ?? '';
  for (const field of PRIVATE_PROFILE_FIELDS) values[visibilityFormField(field)] = profile.visibility[field];
  return values;
}

/** The text fields of PUT /api/profile/ (the same names the shared schema reads); the photo goes apart. */
export function formFieldsFrom({ photo: _photo, remove_photo, ...values }: ProfileFormValues) {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) fields[name] = value ?? '';
  if (remove_photo) fields.remove_photo = 'true';
  return fields;
}

/** The server names the form's own fields (its multipart field names), the photo included. */
const SERVER_FIELDS = Object.fromEntries(
  [
    'photo',
    'nombre',
    'apellidos',
    'country',
    'ciudad',
    'comunidad',
    'date_of_birth',
    'bio',
    'enfermedad',
    'orphacode',
    ...FUNCTIONAL_FIELDS,
  ].map((name) => [name, name]),
) as Readonly<Record<string, keyof ProfileFormValues>>;

/**
 * The editor's form, checked by the rules the server applies (the birth date's range depends on
 * the registration type); the last failed save's field messages go on the fields.
 */
export function useProfileForm(profile: OwnProfile, failure: unknown) {
  const registrationType = profile.user.tipo_registro;
  const today = todayIso();
  const schema = useMemo(
    () => createProfileFormSchema({ registrationType, today }),
    [registrationType, today],
  );
  return useSchemaForm(schema, {
    defaultValues: formValuesFrom(profile),
    failure,
    serverFields: SERVER_FIELDS,
    // A message goes away when its field changes (see `field` in the editor), not on each key.
    reValidateMode: 'onSubmit',
  });
}

export type ProfileForm = ReturnType<typeof useProfileForm>;

type FieldName = keyof ProfileFormValues;

/**
 * A field of the editor: its registration, whose change clears its message (the member is fixing
 * it), and its message in the member's language.
 */
export function profileField(form: ProfileForm, t: TFunction, name: FieldName) {
  return {
    ...form.register(name, { onChange: () => form.clearErrors(name) }),
    error: profileError(form, t, name),
  };
}

/** A field's message in the member's language (a schema's key, or the server's own text). */
export function profileError(form: ProfileForm, t: TFunction, name: FieldName) {
  return errorText(t, form.formState.errors[name]);
}
