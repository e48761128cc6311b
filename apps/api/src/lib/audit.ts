/**
 * Writes one step to the administrators' audit log (admin.repository `record`): who did it (an
 * administrator, a moderator, or a member acting on their own grants) and what it was about.
 * Features take it as a dependency, so none of them imports the admin module.
 */
export type Audit = (
  actor: { id: number; email: string },
  entry: { action: string; targetType: string; targetId: number; details?: Record<string, unknown> },
) => Promise<unknown>;
