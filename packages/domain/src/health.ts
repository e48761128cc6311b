import { z } from 'zod';

/** GET /api/health/: answered only after a real database round trip. */
export const HealthResponseSchema = z.object({ status: z.literal('ok'), db: z.literal('ok') });
export type HealthResponse = z.output<typeof HealthResponseSchema>;
