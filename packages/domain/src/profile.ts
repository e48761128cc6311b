import { z } from 'zod';
import { AccountSchema, REGISTRATION_TYPES, type RegistrationType } from './auth';
import { AGE_GROUPS } from './minor-review';
import { GalleryImageSchema } from './posts';
import { EU_COUNTRY_CODES, isCityOf } from './countries';
import { PickedImageSchema } from './picked-image';

/**
 * The own profile (spec §3) and its save rules (spec §5), shared by the profile editor and the
 * server. Messages are translation keys of the `translation` namespace.
 */

/** The nine functional fields, in the order the screens show them. */
export const FUNCTIONAL_FIELDS = [
  'habla',
  'escribe',
  'movilidad',
  'motricidad',
  'ver',
  'audition',
  'memoire',
  'orientation',
  'concentration',
] as const;
export type FunctionalField = (typeof FUNCTIONAL_FIELDS)[number];

/**
 * The stored values of each functional field exactly as spec §3 writes them (they are the API's
 * vocabulary; the screens show translated labels).
 */
export const FUNCTIONAL_FIELD_VALUES = {
  habla: ['non verbal', 'verbal', 'caa'],
  escribe: ['non', 'oui', 'caa'],
  movilidad: ['lit', 'fauteuil roulant', 'béquilles', 'sans support'],
  motricidad: ['non', 'spasticité', 'imprécise', 'ordinaire', 'mouv.anormaux'],
  ver: ['voyante', 'auvegle'],
  audition: ['sans', 'faible', 'ordinaire', 'hypersensible'],
  memoire: ['sans', 'faible', 'ordinaire'],
  orientation: ['sans', 'faible', 'ordinaire'],
  concentration: ['sans', 'éphémere', 'partial', 'durable'],
} as const satisfies Record<FunctionalField, readonly string[]>;

/** A translation-key-safe form of a stored value ("fauteuil roulant" → "fauteuil_roulant"). */
export function functionalValueKey(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-zA-Z0-9]+/g, '_')
    .toLowerCase();
}

/** What an empty disease is stored as (spec §5). */
export const NO_DIAGNOSIS = 'Sans diagnostic';

export const PROFILE_LIMITS = {
  name: 100,
  city: 120,
  community: 120,
  bio: 1000,
  disease: 200,
} as const;

export const MIN_PROFILE_AGE = 1;
export const ADULT_AGE = 18;
export const MAX_PROFILE_AGE = 100;

// ─── Who sees the health data (the member chooses per field) ───────────────────────────────────

/** The fields whose audience the member chooses: the disease, the nine functional fields, the age. */
export const PRIVATE_PROFILE_FIELDS = ['enfermedad', ...FUNCTIONAL_FIELDS, 'date_of_birth'] as const;
export type PrivateProfileField = (typeof PRIVATE_PROFILE_FIELDS)[number];

/** members: every signed-in member; friends: accepted friends only; only_me: nobody else. */
export const FIELD_AUDIENCES = ['members', 'friends', 'only_me'] as const;
export type FieldAudience = (typeof FIELD_AUDIENCES)[number];
/** The spec shows these fields to every member; a member narrows that, field by field. */
export const DEFAULT_FIELD_AUDIENCE: FieldAudience = 'members';

export type FieldVisibility = Record<PrivateProfileField, FieldAudience>;

export function defaultVisibility(): FieldVisibility {
  return Object.fromEntries(
    PRIVATE_PROFILE_FIELDS.map((field) => [field, DEFAULT_FIELD_AUDIENCE]),
  ) as FieldVisibility;
}

export type ViewerRelation = 'self' | 'friend' | 'member';

/** Whether a viewer in this relation to the member may see a field with this audience. */
export function audienceAllows(audience: FieldAudience, relation: ViewerRelation): boolean {
  if (relation === 'self') return true;
  if (audience === 'members') return true;
  return audience === 'friends' && relation === 'friend';
}

/** The multipart/form field carrying the audience of a field (`visibility_enfermedad`, …). */
export const visibilityFormField = (field: PrivateProfileField) => `visibility_${field}` as const;

// ─── Ages and birth dates ──────────────────────────────────────────────────────────────────────

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses YYYY-MM-DD as a calendar date; undefined for anything else (2026-02-30 included). */
export function parseIsoDate(value: string): { year: number; month: number; day: number } | undefined {
  const match = ISO_DATE.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return undefined;
  return { year, month, day };
}

/** Today's calendar date as YYYY-MM-DD (UTC: the same answer on the server and in tests). */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Completed years between a birth date and a day, both YYYY-MM-DD. */
export function ageOn(dateOfBirth: string, today: string): number | undefined {
  const birth = parseIsoDate(dateOfBirth);
  const day = parseIsoDate(today);
  if (!birth || !day) return undefined;
  let age = day.year - birth.year;
  if (day.month < birth.month || (day.month === birth.month && day.day < birth.day)) age -= 1;
  return age;
}

/** The ages a birth date may give for each registration type (spec §5). */
export function ageRangeFor(type: RegistrationType): { min: number; max: number } {
  return type === 'menor'
    ? { min: MIN_PROFILE_AGE, max: ADULT_AGE - 1 }
    : { min: ADULT_AGE, max: MAX_PROFILE_AGE };
}

/**
 * The birth date (YYYY-MM-DD) of someone who turns `years` on `today`, moved by `extraDays`:
 * born on or before `bornYearsAgo(today, 18)` is 18 or older today.
 */
export function bornYearsAgo(today: string, years: number, extraDays = 0): string {
  const day = parseIsoDate(today);
  if (!day) throw new Error(`not a date: ${today}`);
  return new Date(Date.UTC(day.year - years, day.month - 1, day.day + extraDays)).toISOString().slice(0, 10);
}

/** Earliest and latest birth dates (inclusive, YYYY-MM-DD) allowed today, for the date input. */
export function birthDateBounds(type: RegistrationType, today: string): { min: string; max: string } {
  const { min, max } = ageRangeFor(type);
  // Age `max` lasts until the day before the (max + 1)th birthday.
  return { min: bornYearsAgo(today, max + 1, 1), max: bornYearsAgo(today, min) };
}

// ─── The profile form (spec §5 "Profile save") ─────────────────────────────────────────────────

const optionalText = (max: number, message: string) =>
  z
    .string()
    .optional()
    .transform((value) => (value ?? '').trim())
    .pipe(z.string().max(max, message));

const functionalValue = <const Values extends readonly [string, ...string[]]>(values: Values) =>
  z
    .string()
    .optional()
    .transform((value) => (value === undefined || value === '' ? null : value))
    .pipe(z.enum(values, { error: 'profile_edit.errors.invalid_choice' }).nullable());

const audienceValue = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value === '' ? DEFAULT_FIELD_AUDIENCE : value))
  .pipe(z.enum(FIELD_AUDIENCES, { error: 'profile_edit.errors.invalid_choice' }));

/**
 * The profile as the editor sends it (multipart text fields, so every value is a string).
 * `isKnownOrphaCode` comes from the disease catalogue: the server passes the real check, the
 * browser a permissive one (it only offers codes from the list).
 */
export function createProfileSchema(options: {
  registrationType: RegistrationType;
  today: string;
  isKnownOrphaCode?: (code: number) => boolean;
}) {
  const { min, max } = birthDateBounds(options.registrationType, options.today);
  return z
    .object({
      nombre: z
        .string({ error: 'profile_edit.errors.nombre_required' })
        .trim()
        .min(1, 'profile_edit.errors.nombre_required')
        .max(PROFILE_LIMITS.name, 'profile_edit.errors.too_long'),
      apellidos: optionalText(PROFILE_LIMITS.name, 'profile_edit.errors.too_long'),
      country: z
        .string({ error: 'profile_edit.errors.country_required' })
        .trim()
        .toLowerCase()
        .min(1, 'profile_edit.errors.country_required')
        .pipe(z.enum(EU_COUNTRY_CODES, { error: 'profile_edit.errors.country_invalid' })),
      ciudad: optionalText(PROFILE_LIMITS.city, 'profile_edit.errors.too_long'),
      comunidad: optionalText(PROFILE_LIMITS.community, 'profile_edit.errors.too_long'),
      date_of_birth: z
        .string({ error: 'profile_edit.errors.birth_date_required' })
        .trim()
        .min(1, 'profile_edit.errors.birth_date_required')
        .refine((value) => parseIsoDate(value) !== undefined, 'profile_edit.errors.birth_date_invalid')
        .refine((value) => value <= options.today, 'profile_edit.errors.birth_date_future')
        .refine((value) => value >= min && value <= max, {
          message:
            options.registrationType === 'menor'
              ? 'profile_edit.errors.birth_date_minor'
              : 'profile_edit.errors.birth_date_adult',
        }),
      bio: optionalText(PROFILE_LIMITS.bio, 'profile_edit.errors.too_long'),
      enfermedad: optionalText(PROFILE_LIMITS.disease, 'profile_edit.errors.too_long').transform(
        (value) => value || NO_DIAGNOSIS,
      ),
      orphacode: z
        .string()
        .optional()
        .transform((value) => (value ?? '').trim().replace(/^ORPHA:/i, ''))
        .refine((value) => value === '' || /^\d{1,7}$/.test(value), 'profile_edit.errors.disease_unknown')
        .transform((value) => (value === '' ? null : Number(value)))
        .refine(
          (code) => code === null || (options.isKnownOrphaCode ?? (() => true))(code),
          'profile_edit.errors.disease_unknown',
        ),
      habla: functionalValue(FUNCTIONAL_FIELD_VALUES.habla),
      escribe: functionalValue(FUNCTIONAL_FIELD_VALUES.escribe),
      movilidad: functionalValue(FUNCTIONAL_FIELD_VALUES.movilidad),
      motricidad: functionalValue(FUNCTIONAL_FIELD_VALUES.motricidad),
      ver: functionalValue(FUNCTIONAL_FIELD_VALUES.ver),
      audition: functionalValue(FUNCTIONAL_FIELD_VALUES.audition),
      memoire: functionalValue(FUNCTIONAL_FIELD_VALUES.memoire),
      orientation: functionalValue(FUNCTIONAL_FIELD_VALUES.orientation),
      concentration: functionalValue(FUNCTIONAL_FIELD_VALUES.concentration),
      ...(Object.fromEntries(
        PRIVATE_PROFILE_FIELDS.map((field) => [visibilityFormField(field), audienceValue]),
      ) as Record<`visibility_${PrivateProfileField}`, typeof audienceValue>),
    })
    .superRefine((profile, context) => {
      if (profile.ciudad && !isCityOf(profile.country, profile.ciudad))
        context.addIssue({ code: 'custom', path: ['ciudad'], message: 'profile_edit.errors.city_invalid' });
      // A code without its name, or "no diagnosis" with a code, would contradict itself.
      if (profile.orphacode !== null && profile.enfermedad === NO_DIAGNOSIS)
        context.addIssue({
          code: 'custom',
          path: ['enfermedad'],
          message: 'profile_edit.errors.disease_unknown',
        });
    })
    .transform(({ ...profile }) => {
      const visibility = defaultVisibility();
      for (const field of PRIVATE_PROFILE_FIELDS) visibility[field] = profile[visibilityFormField(field)];
      const fields = Object.fromEntries(
        Object.entries(profile).filter(([key]) => !key.startsWith('visibility_')),
      ) as Omit<typeof profile, `visibility_${PrivateProfileField}`>;
      return { ...fields, visibility };
    });
}

export type ProfileInput = z.output<ReturnType<typeof createProfileSchema>>;

/**
 * The profile editor's form: the profile's text fields (createProfileSchema), the photo picked to
 * replace the current one (checked for its size before it is sent) and whether to remove it.
 */
export function createProfileFormSchema(options: Parameters<typeof createProfileSchema>[0]) {
  return z.intersection(
    createProfileSchema(options),
    z.object({ photo: PickedImageSchema.optional(), remove_photo: z.boolean() }),
  );
}
export type ProfileFormInput = z.input<ReturnType<typeof createProfileFormSchema>>;

/**
 * The search by disease form (spec §5): a disease chosen from the list (its ORPHA code comes with
 * it; typed text without a code is refused), and optionally a place.
 */
export const DiseaseSearchFormSchema = z.object({
  enfermedad: z.string(),
  orphacode: z.string().min(1, 'search_disease.errors.select'),
  country: z.string(),
  ciudad: z.string(),
});
export type DiseaseSearchForm = z.input<typeof DiseaseSearchFormSchema>;

/* OwnProfile: see OwnProfileSchema below (its answer schema). */

/** The status of a member's rare-disease code (GET /api/recursos/orphacode_estado/). */
export const ORPHACODE_STATUSES = ['active', 'obsoleto', 'no_raro', 'unknown'] as const;
export type OrphacodeStatus = (typeof ORPHACODE_STATUSES)[number];

/** A viewer's friendship with a member, as profile and search answers carry it (spec §3). */
export const FRIENDSHIP_STATUSES = ['none', 'pending', 'received', 'accepted', 'self'] as const;
export type FriendshipStatus = (typeof FRIENDSHIP_STATUSES)[number];

const functionalAnswers = <Field extends z.ZodType>(field: Field) =>
  Object.fromEntries(FUNCTIONAL_FIELDS.map((name) => [name, field])) as Record<FunctionalField, Field>;

/** The own profile as GET /api/profile/ answers it: every field, with each health field's audience. */
export const OwnProfileSchema = z.object({
  nombre: z.string(),
  apellidos: z.string(),
  photo: z.string().nullable(),
  country: z.string().nullable(),
  ciudad: z.string(),
  comunidad: z.string(),
  date_of_birth: z.string().nullable(),
  bio: z.string(),
  enfermedad: z.string(),
  orphacode: z.number().nullable(),
  ...functionalAnswers(z.string().nullable()),
  visibility: z.record(z.enum(PRIVATE_PROFILE_FIELDS), z.enum(FIELD_AUDIENCES)),
  user: z.object({ id: z.number(), email: z.string(), tipo_registro: z.enum(REGISTRATION_TYPES) }),
});
export type OwnProfile = z.output<typeof OwnProfileSchema>;
export const SavedProfileSchema = OwnProfileSchema.extend({ detail: z.string() });

/**
 * Another member's profile as a viewer may see it: a health field the member keeps from the
 * viewer is absent (not null), and the gallery is there only for friends and the member.
 */
export const MemberProfileSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  apellidos: z.string(),
  photo: z.string().nullable(),
  country: z.string(),
  ciudad: z.string(),
  comunidad: z.string(),
  bio: z.string(),
  friendship_status: z.enum(FRIENDSHIP_STATUSES),
  date_of_birth: z.string().optional(),
  edad: z.number().nullable().optional(),
  enfermedad: z.string().optional(),
  orphacode: z.number().nullable().optional(),
  ...functionalAnswers(z.string().nullable().optional()),
  imagenes: z.array(GalleryImageSchema).optional(),
});
export type MemberProfile = z.output<typeof MemberProfileSchema>;

/** GET /api/me: the signed-in account (what login answers as `user`), its age group, its profile. */
export const MeSchema = AccountSchema.extend({
  /** Lets the screens tell a minor plainly why nobody is visible yet (docs/decisions/0011). */
  age_group: z.enum(AGE_GROUPS),
  minor_review_pending: z.boolean(),
  /**
   * The communities the member moderates (issue 18): the web app then offers /admin/moderacion
   * (their communities' reports); every moderation call checks again.
   */
  moderates: z.array(z.number()),
  profile: OwnProfileSchema,
});
export type Me = z.output<typeof MeSchema>;
