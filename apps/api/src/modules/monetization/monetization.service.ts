import {
  ENABLED_PAYMENT_METHODS,
  TEST_AD_CLIENT,
  IMPRESSIONS_PER_TOKEN,
  MONETIZATION_CONSENT_VERSION,
  PaymentProfileSchema,
  WithdrawalSchema,
  adSlotKeysFor,
  euroOfTokens,
  isAdSlotKey,
  toTenths,
  type Language,
  type MonetizationProfile,
  type PaymentMethod,
  type Withdrawal,
} from '@juntos/domain';
import { AppError } from '../../lib/app-error';
import { translate } from '../../i18n/messages';
import type { MonetizationRepository, PaymentProfileRow, WithdrawalRow } from './monetization.repository';
import type { Notify } from '../notifications';
import type { PayoutProvider } from './payouts';

export type AdSettings = {
  /** The ad network's client id; undefined: the built-in test slots are served. */
  client: string | undefined;
  /** Slot id per slot key, as the operator configured them. */
  slots: Record<string, string>;
};

const HISTORY_LIMIT = 200;
/** A rotation's report may come a little early (timers drift); this much is tolerated. */
const ROTATION_TOLERANCE_MS = 500;

const disabledMethod = (field: string) =>
  new AppError(400, 'method_unavailable', 'payment.errors.method_unavailable', {
    fields: { [field]: 'payment.errors.method_unavailable' },
  });

/**
 * The earnings programme (spec §1, §4, §5, §7, issue rules): adults only, explicit consent to the
 * use of the functional profile for ads, impressions counted by the server at most once per
 * rotation, 10 impressions per token, withdrawals that take their tokens atomically.
 */
export function createMonetizationService(deps: {
  repository: MonetizationRepository;
  /** The ad network settings in force (an administrator may change them at any time). */
  ads: () => Promise<AdSettings>;
  impressionIntervalMs: number;
  payouts: PayoutProvider;
  /** Tells the member their withdrawal was paid or refused (notifications, issue 20). */
  notify: Notify;
}) {
  const { repository } = deps;

  async function member(userId: number) {
    const row = await repository.member(userId);
    if (!row) throw new AppError(401, 'unauthorized', 'errors.unauthorized');
    return row;
  }

  const presentProfile = (row: PaymentProfileRow | undefined, tokenTenths: number): MonetizationProfile => {
    const profile = {
      payment_method: row?.paymentMethod ?? null,
      billing_name: row?.billingName ?? '',
      billing_address: row?.billingAddress ?? '',
      billing_country: row?.billingCountry ?? '',
      billing_email: row?.billingEmail ?? '',
      billing_phone: row?.billingPhone ?? '',
      tax_id: row?.taxId ?? '',
      paypal_email: row?.paypalEmail ?? '',
      iban: row?.iban ?? '',
      wallet_address: row?.walletAddress ?? '',
      blockchain_network: row?.blockchainNetwork ?? 'ethereum',
    };
    const ready =
      profile.payment_method !== null &&
      ENABLED_PAYMENT_METHODS.includes(profile.payment_method) &&
      // The withdrawal rules, with the smallest amount they accept: the details alone are complete.
      WithdrawalSchema.safeParse({ ...profile, method: profile.payment_method, tokens: 99 }).success;
    return { ...profile, tokens_acumulados: tokenTenths / 10, is_ready_for_payment: ready };
  };

  const presentWithdrawal = (row: WithdrawalRow): Withdrawal => ({
    id: row.id,
    created_at: row.createdAt.toISOString(),
    method: row.method,
    tokens: row.tokenTenths / 10,
    euro_equivalent: euroOfTokens(row.tokenTenths / 10),
    status: row.status,
    ...(row.rejectionReason ? { rejection_reason: row.rejectionReason } : {}),
  });

  return {
    async status(userId: number) {
      return { activated: (await member(userId)).activated ?? false };
    },

    /** Spec §4: needs the consent checkbox; the issue: adults only, consent text and version kept. */
    async activate(userId: number, consent: unknown, language: Language) {
      const account = await member(userId);
      if (account.tipoRegistro !== 'adulto')
        throw new AppError(403, 'adults_only', 'earnings.errors.adults_only');
      if (consent !== true)
        throw new AppError(400, 'consent_required', 'earnings.errors.consent_required', {
          fields: { consent: 'earnings.errors.consent_required' },
        });
      await repository.activate(userId, {
        version: MONETIZATION_CONSENT_VERSION,
        text: translate(language, 'earnings.consent.text'),
        language,
      });
      return { activated: true };
    },

    async deactivate(userId: number) {
      await repository.deactivate(userId);
      return { activated: false };
    },

    async profile(userId: number) {
      const [account, row] = await Promise.all([member(userId), repository.paymentProfile(userId)]);
      return presentProfile(row, account.tokenTenths ?? 0);
    },

    async saveProfile(userId: number, body: unknown) {
      const input = PaymentProfileSchema.parse(body ?? {});
      if (input.payment_method && !ENABLED_PAYMENT_METHODS.includes(input.payment_method))
        throw disabledMethod('payment_method');
      const [account, [row]] = await Promise.all([
        member(userId),
        repository.savePaymentProfile({
          userId,
          paymentMethod: input.payment_method ?? null,
          billingName: input.billing_name,
          billingAddress: input.billing_address,
          billingCountry: input.billing_country,
          billingEmail: input.billing_email,
          billingPhone: input.billing_phone,
          taxId: input.tax_id,
          paypalEmail: input.paypal_email,
          iban: input.iban,
          walletAddress: input.wallet_address,
          blockchainNetwork: input.blockchain_network,
        }),
      ]);
      return presentProfile(row, account.tokenTenths ?? 0);
    },

    async stats(userId: number) {
      const [account, campaigns] = await Promise.all([
        member(userId),
        repository.campaignParticipation(userId),
      ]);
      return { campaign_participation: campaigns, impressions: account.impressions ?? 0 };
    },

    /**
     * The slots for this member: chosen from the functional profile only with the programme's
     * consent (activation); otherwise the general and local slots. Without a configured ad client,
     * the built-in test slots.
     */
    async slots(userId: number) {
      const [account, ads] = await Promise.all([member(userId), deps.ads()]);
      const keys = account.activated
        ? adSlotKeysFor({
            country: account.country,
            habla: account.habla,
            escribe: account.escribe,
            movilidad: account.movilidad,
            motricidad: account.motricidad,
            ver: account.ver,
            audition: account.audition,
            memoire: account.memoire,
            orientation: account.orientation,
            concentration: account.concentration,
          })
        : ['adslot_general', ...(account.country ? [`adslot_local_${account.country}`] : [])];
      if (!ads.client)
        return {
          ad_client: TEST_AD_CLIENT,
          slots: keys.map((key) => ({ slot_key: key, ad_slot: `test-${key}` })),
        };
      const configured = keys.filter((key) => ads.slots[key]);
      return {
        ad_client: ads.client,
        slots: configured.map((key) => ({ slot_key: key, ad_slot: ads.slots[key] ?? '' })),
      };
    },

    /** An impression as the client saw it; the server decides whether it counts and what it earns. */
    async impression(userId: number, slotKey: unknown) {
      if (typeof slotKey !== 'string' || !isAdSlotKey(slotKey))
        throw new AppError(400, 'invalid_slot', 'earnings.errors.invalid_slot', {
          fields: { slot_key: 'earnings.errors.invalid_slot' },
        });
      const counted = await repository.recordImpression(
        userId,
        slotKey,
        Math.max(0, deps.impressionIntervalMs - ROTATION_TOLERANCE_MS),
      );
      // A counted impression answers its totals; only an ignored one needs them read.
      const totals = counted ?? (await member(userId));
      return {
        counted: counted !== undefined,
        impressions: totals.impressions ?? 0,
        tokens_acumulados: (totals.tokenTenths ?? 0) / 10,
        impressions_per_token: IMPRESSIONS_PER_TOKEN,
      };
    },

    async withdraw(userId: number, body: unknown) {
      const request = WithdrawalSchema.parse(body ?? {});
      if (!ENABLED_PAYMENT_METHODS.includes(request.method)) throw disabledMethod('method');
      const payout: Record<string, string> = {
        billing_name: request.billing_name,
        billing_address: request.billing_address,
        billing_country: request.billing_country,
        billing_email: request.billing_email,
        billing_phone: request.billing_phone,
        tax_id: request.tax_id,
        ...payoutDetails(request.method, request),
      };
      const created = await repository.createWithdrawal({
        userId,
        method: request.method,
        tokenTenths: toTenths(request.tokens),
        payout,
      });
      if (!created)
        throw new AppError(400, 'insufficient_tokens', 'payment.errors.insufficient_tokens', {
          fields: { tokens: 'payment.errors.insufficient_tokens' },
        });
      const next = await deps.payouts.submit(created);
      const row = next === created.status ? created : await repository.setWithdrawalStatus(created.id, next);
      return presentWithdrawal(row ?? created);
    },

    async history(userId: number) {
      return (await repository.history(userId, HISTORY_LIMIT)).map(presentWithdrawal);
    },

    /** For operators: undefined when the withdrawal does not exist or cannot move to `status`. */
    async setWithdrawalStatus(
      id: number,
      status: WithdrawalRow['status'],
      notes: { payoutReference?: string; rejectionReason?: string } = {},
    ) {
      const row = await repository.setWithdrawalStatus(id, status, notes);
      if (row && (row.status === 'paid' || row.status === 'rejected'))
        await deps.notify({
          userId: row.userId,
          kind: 'withdrawal',
          actorId: null,
          groupKey: `withdrawal:${row.id}`,
          subject: { type: 'withdrawal', id: row.id },
          outcome: row.status,
        });
      return row ? presentWithdrawal(row) : undefined;
    },

    async withdrawalById(id: number) {
      const row = await repository.withdrawalById(id);
      return row ? presentWithdrawal(row) : undefined;
    },

    async withdrawalsForOperators(
      status: WithdrawalRow['status'] | undefined,
      limit: number,
      offset: number,
    ) {
      const rows = await repository.withdrawalsByStatus(status, limit, offset);
      return rows.map(({ withdrawal, email }) => ({
        ...presentWithdrawal(withdrawal),
        member_id: withdrawal.userId,
        member_email: email,
        payout: withdrawal.payout,
        payout_reference: withdrawal.payoutReference,
        rejection_reason: withdrawal.rejectionReason,
      }));
    },
  };
}

function payoutDetails(
  method: PaymentMethod,
  request: { paypal_email: string; iban: string; wallet_address: string; blockchain_network: string },
): Record<string, string> {
  if (method === 'paypal') return { paypal_email: request.paypal_email };
  if (method === 'iban') return { iban: request.iban };
  if (method === 'blockchain')
    return { wallet_address: request.wallet_address, blockchain_network: request.blockchain_network };
  return {};
}

export type MonetizationService = ReturnType<typeof createMonetizationService>;
