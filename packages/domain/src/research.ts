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
export const RESEARCH_CONSENT_VERSION = 1;
/** The oldest consent version that still counts (a change of wording alone keeps older ones). */
export const RESEARCH_CONSENT_MIN_VERSION = 1;

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
