/** GET /api/health/: answered only after a real database round trip. */
export type HealthResponse = { status: 'ok'; db: 'ok' };
