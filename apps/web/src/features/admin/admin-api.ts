import {
  HIDEABLE_TARGET_TYPES,
  adminRoutes,
  moderationRoutes,
  type AdSettings,
  type AdminDashboard,
  type AdminReport,
  type AdminWithdrawal,
  type AgeGroup,
  type AuditEntry,
  type DirectoryRow,
  type DirectoryValues,
  type PendingMinor,
  type ReportStatus,
  type ReportTargetType,
  type SuspendedMember,
  type WithdrawalStatus,
  type WithdrawalTransition,
} from '@juntos/domain';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiCall, apiNextPage, routeUrl } from '../../lib/api-client';

/** The answers' types come from the route schemas (`@juntos/domain`); re-exported for the pages. */
export type {
  AdSettings,
  AdminDashboard,
  AdminReport,
  AdminWithdrawal,
  AgeGroup,
  AuditEntry,
  DirectoryRow,
  DirectoryValues,
  PendingMinor,
  ReportStatus,
  SuspendedMember,
};

export const adminKeys = {
  all: ['admin'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  withdrawals: (status: string) => ['admin', 'withdrawals', status] as const,
  audit: ['admin', 'audit'] as const,
  ads: ['admin', 'ads'] as const,
  directory: ['admin', 'directory'] as const,
};

export const fetchDashboard = () => apiCall(adminRoutes.dashboard);
export const fetchWithdrawals = (status: WithdrawalStatus | '') =>
  apiCall(adminRoutes.withdrawals, { query: { status: status || undefined } });
export const moveWithdrawal = (id: number, change: WithdrawalTransition) =>
  apiCall(adminRoutes.moveWithdrawal, { params: { id }, body: change });
export const fetchAudit = () => apiCall(adminRoutes.audit, { query: { limit: 100 } });

export type DirectoryKind = 'asociaciones' | 'proyectos' | 'centros';

export const directoryKey = (kind: DirectoryKind) => [...adminKeys.directory, kind] as const;
export const fetchDirectory = (kind: DirectoryKind) => apiCall(adminRoutes.directory, { params: { kind } });
export const saveDirectoryEntry = (kind: DirectoryKind, values: DirectoryValues, id?: number) =>
  id
    ? apiCall(adminRoutes.changeEntry, { params: { kind, id }, body: values })
    : apiCall(adminRoutes.addEntry, { params: { kind }, body: values });
export const deleteDirectoryEntry = (kind: DirectoryKind, id: number) =>
  apiCall(adminRoutes.deleteEntry, { params: { kind, id } });

export const fetchAdSettings = () => apiCall(adminRoutes.ads);
export const saveAdSettings = (settings: AdSettings) => apiCall(adminRoutes.saveAds, { body: settings });

export type ModerationAction = 'dismiss' | 'hide' | 'suspend';

export const moderationKeys = {
  all: ['admin', 'moderation'] as const,
  reports: (status: ReportStatus) => ['admin', 'moderation', 'reports', status] as const,
  suspended: ['admin', 'moderation', 'suspended'] as const,
};
export const firstReportsPage = (status: ReportStatus) =>
  routeUrl(moderationRoutes.queue, { query: { status, limit: 25 } });
/** One page of the queue; `path` is the first page's or the `next` address the server gave. */
export const fetchReports = (path: string) => apiNextPage(moderationRoutes.queue, path);
const reportActions = {
  dismiss: moderationRoutes.dismiss,
  hide: moderationRoutes.hide,
  suspend: moderationRoutes.suspendFromReport,
} satisfies Record<ModerationAction, unknown>;
export const actOnReport = (id: number, action: ModerationAction) =>
  apiCall(reportActions[action], { params: { id } });
export function restoreContent(type: ReportTargetType, id: number) {
  // Restoring is offered only for hidden content, which is always of a type that can be hidden.
  const hideable = HIDEABLE_TARGET_TYPES.find((item) => item === type);
  if (!hideable) return Promise.reject(new Error(`content of type ${type} is never hidden`));
  return apiCall(moderationRoutes.restore, { params: { type: hideable, id } });
}
export const fetchSuspended = () => apiCall(moderationRoutes.suspended, { query: { limit: 100 } });
export const reactivateMember = (id: number) => apiCall(moderationRoutes.reactivate, { params: { id } });

export const minorReviewKeys = {
  all: ['admin', 'minors'] as const,
};
export const firstMinorsPage = routeUrl(adminRoutes.pendingMinors, { query: { limit: 25 } });
/** One page of the queue, oldest first; `path` is the first page's or the `next` address the server gave. */
export const fetchPendingMinors = (path: string) => apiNextPage(adminRoutes.pendingMinors, path);
export const approveMinor = (id: number) => apiCall(adminRoutes.approveMinor, { params: { id } });
export const setAgeGroup = (id: number, ageGroup: AgeGroup) =>
  apiCall(adminRoutes.setAgeGroup, { params: { id }, body: { age_group: ageGroup } });

export const adminDashboardQuery = () =>
  queryOptions({ queryKey: adminKeys.dashboard, queryFn: fetchDashboard });
export const adminWithdrawalsQuery = (status: WithdrawalStatus | '') =>
  queryOptions({ queryKey: adminKeys.withdrawals(status), queryFn: () => fetchWithdrawals(status) });
export const adminAuditQuery = () => queryOptions({ queryKey: adminKeys.audit, queryFn: fetchAudit });
export const adminDirectoryQuery = (kind: DirectoryKind) =>
  queryOptions({ queryKey: directoryKey(kind), queryFn: () => fetchDirectory(kind) });
export const adminAdSettingsQuery = () => queryOptions({ queryKey: adminKeys.ads, queryFn: fetchAdSettings });
export const suspendedMembersQuery = () =>
  queryOptions({ queryKey: moderationKeys.suspended, queryFn: fetchSuspended });
export const reportQueueQuery = (status: ReportStatus) =>
  infiniteQueryOptions({
    queryKey: moderationKeys.reports(status),
    queryFn: ({ pageParam }) => fetchReports(pageParam),
    initialPageParam: firstReportsPage(status),
    getNextPageParam: (last) => last.next ?? undefined,
  });
export const pendingMinorsQuery = () =>
  infiniteQueryOptions({
    queryKey: minorReviewKeys.all,
    queryFn: ({ pageParam }) => fetchPendingMinors(pageParam),
    initialPageParam: firstMinorsPage,
    getNextPageParam: (last) => last.next ?? undefined,
  });
