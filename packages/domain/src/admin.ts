import { z } from 'zod';
import { EU_COUNTRY_CODES, isCityOf, isCountryCode } from './countries';
import { WITHDRAWAL_STATUSES, localAdSlotKey } from './earnings';
import { SUPPORTED_LANGUAGES } from './languages';
import { WithdrawalRecordSchema } from './monetization';

/** Answers and requests of the operators' API under /api/admin/ (issue "Operating the platform"). */

export const AdminDashboardSchema = z.object({
  members: z.object({ adults: z.number(), minors: z.number() }),
  active_today: z.number(),
  posts: z.number(),
  messages_last_day: z.number(),
  open_reports: z.number(),
  pending_withdrawals: z.object({ count: z.number(), euro_total: z.number() }),
});
export type AdminDashboard = z.output<typeof AdminDashboardSchema>;

/** A withdrawal with what an operator needs to pay it: the member and the payout details. */
export const AdminWithdrawalSchema = WithdrawalRecordSchema.extend({
  member_id: z.number(),
  member_email: z.string(),
  payout: z.record(z.string(), z.string()),
  payout_reference: z.string().nullable(),
  rejection_reason: z.string().nullable(),
});
export type AdminWithdrawal = z.output<typeof AdminWithdrawalSchema>;

/** A withdrawal's next step: a payment's reference and a refusal's reason are required. */
export const WithdrawalTransitionSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('processing') }),
  z.object({
    status: z.literal('paid'),
    reference: z
      .string({ error: 'admin.errors.reference_required' })
      .trim()
      .min(1, 'admin.errors.reference_required')
      .max(200),
  }),
  z.object({
    status: z.literal('rejected'),
    reason: z
      .string({ error: 'admin.errors.reason_required' })
      .trim()
      .min(1, 'admin.errors.reason_required')
      .max(500),
  }),
]);
export type WithdrawalTransition = z.input<typeof WithdrawalTransitionSchema>;

export const WithdrawalStatusFilterSchema = z.object({ status: z.enum(WITHDRAWAL_STATUSES).optional() });

/** One line of the audit log: who did what, on what. */
export const AuditEntrySchema = z.object({
  id: z.number(),
  admin_id: z.number(),
  admin_email: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AuditEntry = z.output<typeof AuditEntrySchema>;

/** A list typed as text ("ORPHA:558, 1234" or "es fr") or sent as an array, read as its items. */
const listOf = (value: unknown) =>
  typeof value === 'string'
    ? value
        .split(/[\s,;]+/)
        .map((item) => item.trim())
        .filter(Boolean)
    : value;

/** Most ORPHA codes and countries one directory entry names. */
export const DIRECTORY_MAX_CODES = 50;

const bareCode = (code: string | number) =>
  String(code)
    .trim()
    .replace(/^ORPHA:/i, '');

/**
 * ORPHA codes of a directory entry: digits, with or without "ORPHA:", each once. Checked as a
 * whole list, so a wrong item puts its message on the field, not on an item of it.
 */
export const DirectoryOrphacodes = z.preprocess(
  listOf,
  z
    .array(z.union([z.string(), z.number()]), { error: 'resources.errors.orphacode' })
    .max(DIRECTORY_MAX_CODES, 'resources.errors.too_many')
    .default([])
    .refine((codes) => codes.every((code) => /^\d{1,7}$/.test(bareCode(code))), 'resources.errors.orphacode')
    .transform((codes) => [...new Set(codes.map((code) => Number(bareCode(code))))]),
);

/** Countries of a directory entry: catalogue codes, each once. */
export const DirectoryCountries = z.preprocess(
  listOf,
  z
    .array(z.string(), { error: 'resources.errors.country' })
    .max(DIRECTORY_MAX_CODES, 'resources.errors.too_many')
    .default([])
    .refine((codes) => codes.every((code) => isCountryCode(code.toLowerCase())), 'resources.errors.country')
    .transform((codes) => [...new Set(codes.map((code) => code.toLowerCase()))]),
);

/** "YYYY-MM-DD" naming a real day. */
function isCalendarDate(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A directory entry as the editor reads and writes it (`descripcion` per language). */
export const DirectoryRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  pais: z.string(),
  ciudad: z.string(),
  descripcion: z.record(z.string(), z.string().optional()),
  enlace: z.string(),
  /** What the entry is about (issue 35): ORPHA codes and countries, several of each. */
  orphacodes: z.array(z.number().int()),
  paises: z.array(z.string()),
  /** Research projects only (false and null elsewhere): a clinical study, recruiting until when. */
  estudio_clinico: z.boolean(),
  recluta: z.boolean(),
  recluta_hasta: z.string().nullable(),
});
export type DirectoryRow = z.output<typeof DirectoryRowSchema>;
export type DirectoryValues = Omit<DirectoryRow, 'id'>;

const directoryText = (key: string) =>
  z.string({ error: key }).trim().min(1, key).max(400, 'resources.errors.too_long');

/**
 * An entry as the directory editor sends it (and the editor's form checks before sending): the
 * same rules as the shipped files (a catalogue country, a city of that country, an https
 * address). One name field serves all lists (`titulo` for projects).
 */
export const DirectoryEntryInputSchema = z
  .object({
    name: directoryText('resources.errors.name_required'),
    pais: z
      .string({ error: 'resources.errors.country' })
      .trim()
      .toLowerCase()
      .refine(isCountryCode, 'resources.errors.country'),
    ciudad: z.string({ error: 'resources.errors.city' }).trim(),
    enlace: z
      .string({ error: 'resources.errors.https' })
      .trim()
      .pipe(
        z
          .url({ protocol: /^https$/, message: 'resources.errors.https' })
          .max(500, 'resources.errors.too_long'),
      ),
    descripcion: z
      .partialRecord(z.enum(SUPPORTED_LANGUAGES), z.string().trim().max(400, 'resources.errors.too_long'))
      .default({})
      .transform((texts) => Object.fromEntries(Object.entries(texts).filter(([, text]) => text))),
    orphacodes: DirectoryOrphacodes,
    paises: DirectoryCountries,
    estudio_clinico: z.boolean().default(false),
    recluta: z.boolean().default(false),
    recluta_hasta: z
      .string()
      .trim()
      .optional()
      .nullable()
      .transform((value) => value || null)
      .refine((value) => value === null || isCalendarDate(value), 'resources.errors.date'),
  })
  .refine((entry) => isCityOf(entry.pais, entry.ciudad), {
    path: ['ciudad'],
    message: 'resources.errors.city',
  })
  // An entry is at least about its own seat's country (the directory's filters and matching).
  .transform((entry) => ({
    ...entry,
    paises: entry.paises.includes(entry.pais) ? entry.paises : [entry.pais, ...entry.paises],
  }));
export type DirectoryEntryInput = z.input<typeof DirectoryEntryInputSchema>;

/** The ad network settings in force: the client id (empty: test slots) and slot ids per key. */
export const AdSettingsSchema = z.object({ client: z.string(), slots: z.record(z.string(), z.string()) });
export type AdSettings = z.output<typeof AdSettingsSchema>;

/**
 * A member's number as an administrator types it (the number in their profile's address): the
 * forms that appoint a moderator or set an age group. The message is the web's translation key.
 */
export const MemberNumberFormSchema = z.object({
  member_id: z
    .string()
    .trim()
    .regex(/^\d+$/, 'admin.minors.group_form.member_id_error')
    .transform(Number)
    .refine((id) => Number.isSafeInteger(id) && id >= 1, 'admin.minors.group_form.member_id_error'),
});
export type MemberNumberForm = z.input<typeof MemberNumberFormSchema>;

/**
 * The first line of the advertising form's local slots ("es=1234", one per line) that is not an
 * EU country code and a slot id, or undefined when every line is.
 */
export function badLocalSlotLine(text: string): string | undefined {
  return localSlotLines(text).find(({ country, id }) => !isEuCountry(country) || !id)?.line;
}

const isEuCountry = (code: string) => (EU_COUNTRY_CODES as readonly string[]).includes(code);
const localSlotLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [country = '', id = ''] = line.split('=').map((part) => part.trim());
      return { line, country: country.toLowerCase(), id };
    });

/**
 * The advertising settings form: the client id, a field per slot key, and the local slots as
 * "es=1234" lines (27 countries would make 27 fields), turned into the AdSettings the API takes.
 * The server checks the ids; the message is the web's translation key (it names the line).
 */
export const AdSettingsFormSchema = z
  .object({ client: z.string(), slots: z.record(z.string(), z.string()), local: z.string() })
  .refine(({ local }) => badLocalSlotLine(local) === undefined, {
    path: ['local'],
    message: 'admin.ads.local_invalid',
  })
  .transform(({ client, slots, local }) => ({
    client,
    slots: {
      ...slots,
      ...Object.fromEntries(localSlotLines(local).map(({ country, id }) => [localAdSlotKey(country), id])),
    },
  }));
export type AdSettingsForm = z.input<typeof AdSettingsFormSchema>;
