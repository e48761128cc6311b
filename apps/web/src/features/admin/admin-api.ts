import type {
  AdSettings,
  AdminDashboard,
  AdminReport,
  AdminWithdrawal,
  AgeGroup,
  AgeGroupAnswer,
  AuditEntry,
  DirectoryRow,
  DirectoryValues,
  MinorApproved,
  Page,
  PendingMinor,
  ReportStatus,
  ReportTargetType,
  SuspendedMember,
  Withdrawal,
  WithdrawalStatus,
  WithdrawalTransition,
} from '@juntos/domain';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

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

export const fetchDashboard = () => apiRequest<AdminDashboard>('/admin/dashboard/');
export const fetchWithdrawals = (status: WithdrawalStatus | '') =>
  apiRequest<AdminWithdrawal[]>(`/admin/withdrawals/${status ? `?status=${status}` : ''}`);
export const moveWithdrawal = (id: number, change: WithdrawalTransition) =>
  apiRequest<Withdrawal>(`/admin/withdrawals/${id}/status/`, {
    method: 'POST',
    body: JSON.stringify(change),
  });
export const fetchAudit = () => apiRequest<Page<AuditEntry>>('/admin/audit/?limit=100');

export type DirectoryKind = 'asociaciones' | 'proyectos' | 'centros';

export const directoryKey = (kind: DirectoryKind) => [...adminKeys.directory, kind] as const;
export const fetchDirectory = (kind: DirectoryKind) => apiRequest<DirectoryRow[]>(`/admin/recursos/${kind}/`);
export const saveDirectoryEntry = (kind: DirectoryKind, values: DirectoryValues, id?: number) =>
  apiRequest<DirectoryRow>(`/admin/recursos/${kind}/${id ? `${id}/` : ''}`, {
    method: id ? 'PUT' : 'POST',
    body: JSON.stringify(values),
  });
export const deleteDirectoryEntry = (kind: DirectoryKind, id: number) =>
  apiRequest<void>(`/admin/recursos/${kind}/${id}/`, { method: 'DELETE' });

export const fetchAdSettings = () => apiRequest<AdSettings>('/admin/ads/');
export const saveAdSettings = (settings: AdSettings) =>
  apiRequest<AdSettings>('/admin/ads/', { method: 'PUT', body: JSON.stringify(settings) });

export type ModerationAction = 'dismiss' | 'hide' | 'suspend';

export const moderationKeys = {
  all: ['admin', 'moderation'] as const,
  reports: (status: ReportStatus) => ['admin', 'moderation', 'reports', status] as const,
  suspended: ['admin', 'moderation', 'suspended'] as const,
};
export const firstReportsPage = (status: ReportStatus) => `/admin/reports/?status=${status}&limit=25`;
/** One page of the queue; `path` is the first page's or the `next` address the server gave. */
export const fetchReports = (path: string) => apiRequest<Page<AdminReport>>(path);
export const actOnReport = (id: number, action: ModerationAction) =>
  apiRequest(`/admin/reports/${id}/${action}/`, { method: 'POST' });
export const restoreContent = (type: ReportTargetType, id: number) =>
  apiRequest(`/admin/content/${type}/${id}/restore/`, { method: 'POST' });
export const fetchSuspended = () => apiRequest<Page<SuspendedMember>>('/admin/members/suspended/?limit=100');
export const reactivateMember = (id: number) =>
  apiRequest(`/admin/members/${id}/reactivate/`, { method: 'POST' });

export const minorReviewKeys = {
  all: ['admin', 'minors'] as const,
};
export const firstMinorsPage = '/admin/minors/?limit=25';
/** One page of the queue, oldest first; `path` is the first page's or the `next` address the server gave. */
export const fetchPendingMinors = (path: string) => apiRequest<Page<PendingMinor>>(path);
export const approveMinor = (id: number) =>
  apiRequest<MinorApproved>(`/admin/minors/${id}/approve/`, { method: 'POST' });
export const setAgeGroup = (id: number, ageGroup: AgeGroup) =>
  apiRequest<AgeGroupAnswer>(`/admin/members/${id}/age-group/`, {
    method: 'PUT',
    body: JSON.stringify({ age_group: ageGroup }),
  });

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
