/**
 * The earnings programme's constants and pure rules, without zod, so the banner (in every page's
 * first bundle) can use them without pulling the schemas in (see monetization.ts).
 */
export const PAYMENT_METHODS = ['paypal', 'iban', 'stripe', 'blockchain'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Only PayPal pays out for now; the others are shown disabled and refused by the server. */
export const ENABLED_PAYMENT_METHODS: readonly PaymentMethod[] = ['paypal'];

export const BLOCKCHAIN_NETWORKS = ['ethereum', 'bitcoin', 'polygon', 'otro'] as const;
export type BlockchainNetwork = (typeof BLOCKCHAIN_NETWORKS)[number];

export const WITHDRAWAL_STATUSES = ['pending', 'processing', 'paid', 'rejected'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** Impressions per token, and the impression a withdrawal minimum stands for (spec §9). */
export const IMPRESSIONS_PER_TOKEN = 10;
/** The ad client id of the built-in test slots, served when no ad network is configured. */
export const TEST_AD_CLIENT = 'test';
/** How long the banner must be on screen before it counts as an impression. */
export const IMPRESSION_MIN_VISIBLE_MS = 1_000;
/** Slider step of the withdrawal amount (spec §9). */
export const WITHDRAWAL_TOKEN_STEP = 0.1;

export const AD_SLOT_KEYS = [
  'adslot_general',
  'adslot_caa',
  'adslot_mobilite',
  'adslot_sensoriel',
  'adslot_cognitif',
] as const;
export const localAdSlotKey = (country: string) => `adslot_local_${country}`;
export const AD_BANNER_SIZE = { width: 728, height: 90 } as const;

/** The consent text's version: a new wording gets a new version, and consent is asked again. */
export const MONETIZATION_CONSENT_VERSION = '2026-11';

export const IBAN_PATTERN = /^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/;
/** Tokens as tenths, so 99.3 stays exact (amounts move in steps of 0.1). */
export const toTenths = (tokens: number) => Math.round(tokens * 10);
/** 1 token = 0.01 euro (spec §9); tenths of a token are thousandths of a euro. */
export const euroOfTokens = (tokens: number) => toTenths(tokens) / 1000;

/** The functional fields that choose the ad slots (spec §3 enumerations). */
export type SlotProfile = {
  country: string | null;
  habla: string | null;
  escribe: string | null;
  movilidad: string | null;
  motricidad: string | null;
  ver: string | null;
  audition: string | null;
  memoire: string | null;
  orientation: string | null;
  concentration: string | null;
};

const oneOf = (value: string | null, values: readonly string[]) => value !== null && values.includes(value);

/**
 * Which slots fit a member (issue: caa for AAC users, mobilite for mobility or motor needs,
 * sensoriel for sight or hearing, cognitif for memory, orientation or concentration, local for
 * the country, general always). Used only for members who consented to it when activating.
 */
export function adSlotKeysFor(profile: SlotProfile): string[] {
  const keys = ['adslot_general'];
  if (profile.habla === 'caa' || profile.escribe === 'caa') keys.push('adslot_caa');
  if (
    oneOf(profile.movilidad, ['lit', 'fauteuil roulant', 'béquilles']) ||
    oneOf(profile.motricidad, ['non', 'spasticité', 'imprécise', 'mouv.anormaux'])
  )
    keys.push('adslot_mobilite');
  if (profile.ver === 'auvegle' || oneOf(profile.audition, ['sans', 'faible', 'hypersensible']))
    keys.push('adslot_sensoriel');
  if (
    oneOf(profile.memoire, ['sans', 'faible']) ||
    oneOf(profile.orientation, ['sans', 'faible']) ||
    oneOf(profile.concentration, ['sans', 'éphémere', 'partial'])
  )
    keys.push('adslot_cognitif');
  if (profile.country) keys.push(localAdSlotKey(profile.country));
  return keys;
}

/** A slot key the programme knows: one of the five, or a local key of an EU country code. */
export const isAdSlotKey = (value: string) =>
  (AD_SLOT_KEYS as readonly string[]).includes(value) || /^adslot_local_[a-z]{2}$/.test(value);
