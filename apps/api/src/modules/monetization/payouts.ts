import type { WithdrawalRow } from './monetization.repository';

/**
 * Who carries out a payout. The default leaves each withdrawal `pending` for an operator to pay
 * by hand (PayPal, from the administration screens) and mark paid or rejected; an automatic
 * provider would send it and answer `processing`.
 */
export type PayoutProvider = {
  name: string;
  submit(withdrawal: WithdrawalRow): Promise<'pending' | 'processing'>;
};

export const operatorPayouts: PayoutProvider = {
  name: 'operator',
  submit: async () => 'pending',
};
