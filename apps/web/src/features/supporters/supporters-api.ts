import { supporterRoutes, type SupporterInvite, type SupporterPermission } from '@juntos/domain';
import { apiCall } from '../../lib/api-client';
import { storeActing } from '../../lib/acting-session';

export const supporterKeys = {
  all: ['supporters'] as const,
  activity: ['supporters', 'activity'] as const,
  mine: ['supporters', 'mine'] as const,
  supporting: ['supporters', 'supporting'] as const,
};

export const mySupporters = () => apiCall(supporterRoutes.list);
export const inviteSupporter = (body: SupporterInvite) => apiCall(supporterRoutes.invite, { body });
export const changeSupporter = (id: number, permissions: SupporterPermission[]) =>
  apiCall(supporterRoutes.change, { params: { id }, body: { permissions } });
export const supporterActivity = (before: number | undefined) =>
  apiCall(supporterRoutes.activity, { query: { before } });
export const endSupporter = (id: number) => apiCall(supporterRoutes.end, { params: { id } });

export const supporting = () => apiCall(supporterRoutes.supporting);
export const acceptInvitation = (id: number) => apiCall(supporterRoutes.accept, { params: { id } });
export const leaveSupporting = (id: number) => apiCall(supporterRoutes.leave, { params: { id } });

/**
 * Starts helping a member in this tab: the acting session is kept, and the page loads again from
 * the member's start page, so nothing of the supporter's own screens stays in memory.
 */
export async function startHelping(id: number) {
  const session = await apiCall(supporterRoutes.act, { params: { id } });
  storeActing(id, session);
  window.location.assign('/dashboard');
}
