import { z } from 'zod';
import { MemberNumberFormSchema } from './admin';
import { GUARDIAN_RELATIONS, REGISTRATION_TYPES } from './auth';

/** The age groups an administrator can set on an account (docs/decisions/0011). */
export const AGE_GROUPS = ['minor', 'adult'] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];

/** A minor's activated account waiting for an administrator's check (GET /api/admin/minors/). */
export const PendingMinorSchema = z.object({
  id: z.number(),
  email: z.string(),
  telefono: z.string().nullable(),
  registration_type: z.enum(REGISTRATION_TYPES),
  guardian: z.object({ nombre: z.string().nullable(), relacion: z.enum(GUARDIAN_RELATIONS).nullable() }),
  // The profile may not exist yet: its fields are null then.
  nombre: z.string().nullable(),
  apellidos: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  edad: z.number().nullable(),
  country: z.string().nullable(),
  ciudad: z.string().nullable(),
  registered_at: z.string(),
});
export type PendingMinor = z.output<typeof PendingMinorSchema>;
/** POST /api/admin/minors/{id}/approve/. */
export const MinorApprovedSchema = z.object({ reviewed: z.literal(true) });
export type MinorApproved = z.output<typeof MinorApprovedSchema>;
/** PUT /api/admin/members/{id}/age-group/: the group now set. */
export const AgeGroupAnswerSchema = z.object({ age_group: z.enum(AGE_GROUPS) });
export type AgeGroupAnswer = z.output<typeof AgeGroupAnswerSchema>;

/**
 * The administrators' form that puts any account in an age group: the member number as typed
 * and the group. Messages are the web's translation keys.
 */
export const AgeGroupFormSchema = MemberNumberFormSchema.extend({
  age_group: z.enum(AGE_GROUPS, { error: 'admin.minors.group_form.group_error' }),
});
export type AgeGroupForm = z.input<typeof AgeGroupFormSchema>;
