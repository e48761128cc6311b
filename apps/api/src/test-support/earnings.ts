import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { monetizationAccounts } from '../db/schema';
import { requestAs } from './requests';

/**
 * Joins the member to the earnings programme through the API (with the consent ticked) and gives
 * them a balance of `tokens` directly, as months of adverts would: for the tests of what comes
 * after earning (withdrawals, their review, their notices).
 */
export async function startEarning(
  app: FastifyInstance,
  member: { access: string; user: { id: number } },
  tokens: number,
) {
  const joined = await requestAs(app, member.access, 'POST', '/api/monetizacion/activate/', {
    consent: true,
  });
  if (joined.statusCode !== 200) throw new Error(joined.body);
  await app.database.db
    .update(monetizationAccounts)
    .set({ tokenTenths: tokens * 10 })
    .where(eq(monetizationAccounts.userId, member.user.id));
}

/** A withdrawal to PayPal as the payment form sends it; `overrides` changes the payout details. */
export const paypalWithdrawal = (tokens: number, overrides: Record<string, string> = {}) => ({
  method: 'paypal',
  tokens,
  billing_name: 'Ana',
  billing_address: 'Calle 1',
  billing_country: 'España',
  billing_email: 'ana@example.org',
  billing_phone: '+34900000000',
  paypal_email: 'ana@example.org',
  ...overrides,
});
