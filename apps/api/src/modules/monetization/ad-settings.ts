import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { isAdSlotKey } from '@juntos/domain';
import type { Database } from '../../db/database';
import { appSettings } from '../../db/schema';
import type { AdSettings } from './monetization.service';

const KEY = 'ads';

/** What an administrator may save: an ad client id (or none: test slots) and slot ids per key. */
export const AdSettingsInput = z.object({
  client: z
    .string()
    .trim()
    .max(100, 'admin.errors.ad_client')
    .regex(/^[\w-]*$/, 'admin.errors.ad_client')
    .transform((value) => value || undefined),
  slots: z
    .record(
      z.string(),
      z
        .string()
        .trim()
        .max(100, 'admin.errors.ad_slot')
        .regex(/^[\w-]*$/, 'admin.errors.ad_slot'),
    )
    .refine((slots) => Object.keys(slots).every(isAdSlotKey), 'admin.errors.ad_slot_key')
    .transform((slots) => Object.fromEntries(Object.entries(slots).filter(([, id]) => id))),
});

/**
 * The ad network settings: those an administrator saved (shared by every instance through the
 * database), else the environment's (AD_CLIENT, AD_SLOTS).
 */
export function createAdSettingsStore(db: Database, fallback: AdSettings) {
  return {
    async current(): Promise<AdSettings> {
      const [row] = await db.select().from(appSettings).where(eq(appSettings.key, KEY)).limit(1);
      const saved = row ? AdSettingsInput.safeParse(row.value) : undefined;
      return saved?.success ? saved.data : fallback;
    },
    async save(body: unknown): Promise<AdSettings> {
      const settings = AdSettingsInput.parse(body);
      const value = { client: settings.client ?? '', slots: settings.slots };
      await db
        .insert(appSettings)
        .values({ key: KEY, value })
        .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
      return settings;
    },
  };
}

export type AdSettingsStore = ReturnType<typeof createAdSettingsStore>;
