import { z } from 'zod';
import { EU_COUNTRY_CODES, isCountryCode, type CountryCode } from './countries';

/*
 * Research that finds the member who wants it (issue 35, points 2–4; decision 0041). A member (or,
 * for a minor, the guardian who holds the minor's account) asks to hear of research projects,
 * clinical studies and expert centres about their declared disease, in their country and
 * optionally the neighbouring countries or the whole EU. The choice is a consent with a version
 * and a date; matching tells the member alone.
 */

/**
 * The version of the research consent's text. Raise it when the text of
 * `research.consent.*` changes what the member agrees to; consents of an older version than
 * RESEARCH_CONSENT_MIN_VERSION stop matching until the member agrees again.
 */
export const RESEARCH_CONSENT_VERSION = 2;
/** The oldest consent version that still counts (a change of wording alone keeps older ones). */
export const RESEARCH_CONSENT_MIN_VERSION = 1;
/**
 * The oldest consent version counted in a research project's numbers (issue 35 point 5): version
 * 2 told the member that researchers see how many agreed, in groups of 10 or more and never who.
 * Version 1 said no researcher learns anything, so those consents still bring news and calls but
 * are not counted until the member agrees again.
 */
export const RESEARCH_COUNTED_MIN_VERSION = 2;

/** How far from home the member wants to hear of research: each one includes the one before. */
export const RESEARCH_SCOPES = ['country', 'neighbours', 'eu'] as const;
export type ResearchScope = (typeof RESEARCH_SCOPES)[number];

/**
 * Neighbouring countries of the catalogue (the 27 EU member states): a land border between two
 * member states, or, for members with none, the fixed link or regular ferry a patient would take
 * to a centre abroad (Denmark–Sweden by the Øresund bridge, Finland–Estonia, Italy–Malta,
 * Greece–Cyprus, France–Ireland). Symmetric: `countries.test.ts` checks every pair both ways.
 * Reviewed by hand against the EU's external-borders map; a small table, not a library.
 */
export const NEIGHBOURING_COUNTRIES: Readonly<Record<CountryCode, readonly CountryCode[]>> = {
  at: ['de', 'cz', 'sk', 'hu', 'si', 'it'],
  be: ['fr', 'lu', 'de', 'nl'],
  bg: ['ro', 'gr'],
  cy: ['gr'],
  cz: ['de', 'pl', 'sk', 'at'],
  de: ['dk', 'pl', 'cz', 'at', 'fr', 'lu', 'be', 'nl'],
  dk: ['de', 'se'],
  ee: ['lv', 'fi'],
  es: ['fr', 'pt'],
  fi: ['se', 'ee'],
  fr: ['be', 'lu', 'de', 'it', 'es', 'ie'],
  gr: ['bg', 'cy'],
  hr: ['si', 'hu'],
  hu: ['at', 'sk', 'ro', 'hr', 'si'],
  ie: ['fr'],
  it: ['fr', 'at', 'si', 'mt'],
  lt: ['lv', 'pl'],
  lu: ['be', 'de', 'fr'],
  lv: ['ee', 'lt'],
  mt: ['it'],
  nl: ['be', 'de'],
  pl: ['de', 'cz', 'sk', 'lt'],
  pt: ['es'],
  ro: ['hu', 'bg'],
  se: ['fi', 'dk'],
  si: ['it', 'at', 'hu', 'hr'],
  sk: ['cz', 'pl', 'hu', 'at'],
};

/** The neighbours of a set of countries, without the countries themselves. */
export function neighboursOf(countries: readonly string[]): CountryCode[] {
  const own = new Set(countries);
  const found = new Set<CountryCode>();
  for (const country of countries)
    if (isCountryCode(country))
      for (const neighbour of NEIGHBOURING_COUNTRIES[country]) if (!own.has(neighbour)) found.add(neighbour);
  return [...found];
}

/** The countries whose research a member living in `country` hears of, with the given scope. */
export function countriesInScope(country: string, scope: ResearchScope): string[] {
  switch (scope) {
    case 'country':
      return [country];
    case 'neighbours':
      return [country, ...neighboursOf([country])];
    case 'eu':
      return [country, ...EU_COUNTRY_CODES.filter((code) => code !== country)];
  }
}

/** Why an entry matched: its country is the member's, a neighbour's, or elsewhere in the EU. */
export const MATCH_REASONS = ['country', 'neighbours', 'eu'] as const;
export type MatchReason = (typeof MATCH_REASONS)[number];

/** The narrowest reason an entry about `entryCountries` matches a member in `country`. */
export function matchReason(country: string, entryCountries: readonly string[]): MatchReason {
  if (entryCountries.includes(country)) return 'country';
  if (neighboursOf([country]).some((neighbour) => entryCountries.includes(neighbour))) return 'neighbours';
  return 'eu';
}

/** The member's choice as the profile screen sends it. */
export const ResearchConsentInputSchema = z.object({
  scope: z.enum(RESEARCH_SCOPES, { error: 'research.errors.scope' }),
  /**
   * The box "I agree" (the consent text above it). On a minor's account the guardian who holds it
   * confirms they decide for the minor; the same box, another text.
   */
  agree: z.literal(true, { error: 'research.errors.agree_required' }),
});
export type ResearchConsentInput = z.input<typeof ResearchConsentInputSchema>;
/** The profile's form: the box starts unticked, and the request is sent only once it is ticked. */
export const ResearchConsentFormSchema = z.object({
  scope: z.enum(RESEARCH_SCOPES, { error: 'research.errors.scope' }),
  agree: z.boolean().refine((agreed) => agreed, 'research.errors.agree_required'),
});
export type ResearchConsentForm = z.input<typeof ResearchConsentFormSchema>;

export const ResearchConsentSchema = z.object({
  version: z.number().int(),
  scope: z.enum(RESEARCH_SCOPES),
  given_at: z.string(),
  /** `guardian` on a minor's account: the parent or guardian who holds it chose for the minor. */
  given_by: z.enum(['member', 'guardian']),
  /** False when the text changed so much since that the member must agree again. */
  current: z.boolean(),
});
export type ResearchConsent = z.output<typeof ResearchConsentSchema>;

/** What the profile and "Your data" show: the consent in force (or none) and the last withdrawal. */
export const ResearchConsentAnswerSchema = z.object({
  consent: ResearchConsentSchema.nullable(),
  withdrawn_at: z.string().nullable(),
  /** The version a new consent is given to, so the screen can say which text it shows. */
  version: z.number().int(),
  /** A minor's account: the guardian decides (the screen says so). */
  minor: z.boolean(),
  /** Whether the profile declares a disease with an ORPHA code and a country to match on. */
  has_disease: z.boolean(),
});
export type ResearchConsentAnswer = z.output<typeof ResearchConsentAnswerSchema>;

/** The directory lists that matching looks at (associations are not research). */
export const RESEARCH_ENTRY_KINDS = ['proyectos', 'centros'] as const;
export type ResearchEntryKind = (typeof RESEARCH_ENTRY_KINDS)[number];

/** A project's call for participants, as its members and representatives read it. */
export const ResearchCallSchema = z.object({
  text: z.string(),
  /** The language the representative wrote in (the page marks the text with it). */
  language: z.string(),
  posted_at: z.string(),
});
export type ResearchCall = z.output<typeof ResearchCallSchema>;

/** One entry of the "For you" view, and why it matched. */
export const ResearchMatchSchema = z.object({
  kind: z.enum(RESEARCH_ENTRY_KINDS),
  id: z.number().int(),
  name: z.string(),
  pais: z.string(),
  ciudad: z.string(),
  descripcion: z.string(),
  enlace: z.string(),
  paises: z.array(z.string()),
  estudio_clinico: z.boolean(),
  recluta: z.boolean(),
  recluta_hasta: z.string().nullable(),
  /** The member's disease code that the entry is about. */
  orphacode: z.number().int(),
  /** The entry's country that matched, and how: the member's own, a neighbour, the EU. */
  country: z.string(),
  reason: z.enum(MATCH_REASONS),
  /** When this entry (or its latest change) was told to the member; null if not told yet. */
  told_at: z.string().nullable(),
  /** A research project's call for participants, when it has posted one. */
  call: ResearchCallSchema.nullable(),
  /** The project's confirmed representatives the member may see (to ask them to be friends). */
  representatives: z.array(z.object({ member_id: z.number().int(), nombre: z.string() })),
});
export type ResearchMatch = z.output<typeof ResearchMatchSchema>;

export const ResearchForYouSchema = z.object({
  /** False: no consent in force, and `results` is empty. */
  consented: z.boolean(),
  results: z.array(ResearchMatchSchema),
});
export type ResearchForYou = z.output<typeof ResearchForYouSchema>;

/** The most results the "For you" view lists (the directory is curated: never reached in practice). */
export const RESEARCH_FOR_YOU_LIMIT = 200;

// ─── Researchers learn numbers, never names (issue 35 point 5) ─────────────────────────────────

/** Below this many members a count is never shown: it says "fewer than 10". */
export const RESEARCH_COUNT_THRESHOLD = 10;
/**
 * Counts at or above the threshold are shown in bands this wide (10–14, 15–19, …), so that
 * subtracting two readings (two projects of one representative with overlapping codes, or the
 * same project a day apart) does not give a count below the threshold exactly (decision 0041).
 */
export const RESEARCH_COUNT_BAND = 5;

/** A count as a researcher may see it: a band from the threshold up, or null ("fewer than 10"). */
export const ResearchCountBandSchema = z.object({ from: z.number().int(), to: z.number().int() }).nullable();
export type ResearchCountBand = z.output<typeof ResearchCountBandSchema>;

/** The band of a count: null below the threshold, else the band of RESEARCH_COUNT_BAND holding it. */
export function countBand(count: number): ResearchCountBand {
  if (count < RESEARCH_COUNT_THRESHOLD) return null;
  const from = Math.floor(count / RESEARCH_COUNT_BAND) * RESEARCH_COUNT_BAND;
  return { from, to: from + RESEARCH_COUNT_BAND - 1 };
}

/** Longest text of a call for participants, and the shortest that says something. */
export const RESEARCH_CALL_MAX_LENGTH = 1500;
export const RESEARCH_CALL_MIN_LENGTH = 20;

/** POST /api/investigacion/proyectos/{id}/llamada/: the one call for participants of a study. */
export const ResearchCallInputSchema = z.object({
  text: z
    .string({ error: 'research.errors.call_too_short' })
    .trim()
    .min(RESEARCH_CALL_MIN_LENGTH, 'research.errors.call_too_short')
    .max(RESEARCH_CALL_MAX_LENGTH, 'research.errors.call_too_long'),
});
export type ResearchCallInput = z.output<typeof ResearchCallInputSchema>;

/**
 * What a project's representatives learn: per country, how many consenting members its codes
 * reach, as bands. Every one of the project's countries has a row (so a row says nothing about
 * whether anyone lives there); another country has one only when its band is shown; everyone
 * else reached (neighbours, the EU) is one row, `country` null. There is no filter to combine.
 */
export const ResearchReachSchema = z.object({
  threshold: z.number().int(),
  /** False: the entry names no disease code or country yet, and nobody can be reached. */
  matchable: z.boolean(),
  total: ResearchCountBandSchema,
  countries: z.array(z.object({ country: z.string().nullable(), members: ResearchCountBandSchema })),
  /** The call for participants, once posted, and how many members it reached (a band). */
  call: ResearchCallSchema.extend({
    reached: ResearchCountBandSchema,
    /** When it was withdrawn (members no longer read it; the project has had its one call). */
    withdrawn_at: z.string().nullable(),
  }).nullable(),
});
export type ResearchReach = z.output<typeof ResearchReachSchema>;
