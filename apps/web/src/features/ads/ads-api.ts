import { queryOptions } from '@tanstack/react-query';
import { TEST_AD_CLIENT, monetizationRoutes, type AdSlots } from '@juntos/domain';
import { apiCall } from '../../lib/api-client';

export type { AdSlots };

/** Spec §8: when the slots cannot be read, the default test set is shown. */
export const FALLBACK_SLOTS: AdSlots = {
  ad_client: TEST_AD_CLIENT,
  slots: [{ slot_key: 'adslot_general', ad_slot: 'test-adslot_general' }],
};

export async function fetchSlots(): Promise<AdSlots> {
  try {
    const slots = await apiCall(monetizationRoutes.adSlots);
    return slots.slots.length ? slots : FALLBACK_SLOTS;
  } catch (error) {
    console.warn('The ad slots could not be read; showing the test slot.', error);
    return FALLBACK_SLOTS;
  }
}

/** Reports that the banner was seen (on screen for at least a second); the server decides if it counts. */
export const reportImpression = (slotKey: string) =>
  apiCall(monetizationRoutes.impression, { body: { slot_key: slotKey } });

export const adSlotsQuery = () =>
  queryOptions({ queryKey: ['ads', 'slots'], queryFn: fetchSlots, staleTime: 5 * 60 * 1000 });
