import type { ReportOutcome, ReportTargetType, Withdrawal, WithdrawalStatus } from '@juntos/domain';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export type AdminDashboard = {
  members: { adults: number; minors: number };
  active_today: number;
  posts: number;
  messages_last_day: number;
  open_reports: number;
  pending_withdrawals: { count: number; euro_total: number };
};
export type AdminWithdrawal = Withdrawal & {
  member_id: number;
  member_email: string;
  payout: Record<string, string>;
  payout_reference: string | null;
  rejection_reason: string | null;
};
export type AuditEntry = {
  id: number;
  admin_email: string;
  action: string;
  target_type: string;
  target_id: string;
  details: Record<string, unknown>;
  created_at: string;
};

export const adminKeys = {
  all: ['admin'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  withdrawals: (status: string) => ['admin', 'withdrawals', status] as const,
  audit: ['admin', 'audit'] as const,
};

export const fetchDashboard = () => apiRequest<AdminDashboard>('/admin/dashboard/');
export const fetchWithdrawals = (status: WithdrawalStatus | '') =>
  apiRequest<AdminWithdrawal[]>(`/admin/withdrawals/${status ? `?status=${status}` : ''}`);
export const moveWithdrawal = (
  id: number,
  change:
    { status: 'processing' } | { status: 'paid'; reference: string } | { status: 'rejected'; reason: string },
) =>
  apiRequest<Withdrawal>(`/admin/withdrawals/${id}/status/`, {
    method: 'POST',
    body: JSON.stringify(change),
  });
export const fetchAudit = () =>
  apiRequest<{ results: AuditEntry[]; next: string | null }>('/admin/audit/?limit=100');

export type DirectoryKind = 'asociaciones' | 'proyectos' | 'centros';
export type DirectoryRow = {
  id: number;
  name: string;
  pais: string;
  ciudad: string;
  enlace: string;
  descripcion: Partial<Record<string, string>>;
};
export type DirectoryValues = Omit<DirectoryRow, 'id'>;

export const directoryKey = (kind: DirectoryKind) => ['admin', 'directory', kind] as const;
export const fetchDirectory = (kind: DirectoryKind) => apiRequest<DirectoryRow[]>(`/admin/recursos/${kind}/`);
export const saveDirectoryEntry = (kind: DirectoryKind, values: DirectoryValues, id?: number) =>
  apiRequest<DirectoryRow>(`/admin/recursos/${kind}/${id ? `${id}/` : ''}`, {
    method: id ? 'PUT' : 'POST',
    body: JSON.stringify(values),
  });
export const deleteDirectoryEntry = (kind: DirectoryKind, id: number) =>
  apiRequest<void>(`/admin/recursos/${kind}/${id}/`, { method: 'DELETE' });

export type AdSettings = { client: string; slots: Record<string, string> };
export const fetchAdSettings = () => apiRequest<AdSettings>('/admin/ads/');
export const saveAdSettings = (settings: AdSettings) =>
  apiRequest<AdSettings>('/admin/ads/', { method: 'PUT', body: JSON.stringify(settings) });

export type ReportStatus = 'open' | 'resolved';
export type AdminReport = {
  id: number;
  target_type: ReportTargetType;
  target_id: number;
  reason: string;
  details: string;
  status: ReportStatus;
  outcome: ReportOutcome | null;
  created_at: string;
  reporter: { id: number; name: string };
  /** Null when the reported item no longer exists. */
  content: {
    author_id: number;
    author_name: string;
    title: string | null;
    text: string;
    image_url: string | null;
    image_alt: string;
    parent: string | null;
    hidden: boolean;
    author_suspended: boolean;
  } | null;
  /**
   * Chat reports only (else null): the messages around the reported one, or the conversation's
   * last ones before the report, oldest first, including those the members deleted for themselves.
   */
  context: { id: number; sender_id: number; message: string; timestamp: string; reported: boolean }[] | null;
};
export type SuspendedMember = { id: number; name: string; email: string; suspended_at: string };
export type ModerationAction = 'dismiss' | 'hide' | 'suspend';

export const moderationKeys = {
  all: ['admin', 'moderation'] as const,
  reports: (status: ReportStatus) => ['admin', 'moderation', 'reports', status] as const,
  suspended: ['admin', 'moderation', 'suspended'] as const,
};
export const firstReportsPage = (status: ReportStatus) => `/admin/reports/?status=${status}&limit=25`;
/** One page of the queue; `path` is the first page's or the `next` address the server gave. */
export const fetchReports = (path: string) =>
  apiRequest<{ results: AdminReport[]; next: string | null }>(path);
export const actOnReport = (id: number, action: ModerationAction) =>
  apiRequest(`/admin/reports/${id}/${action}/`, { method: 'POST' });
export const restoreContent = (type: ReportTargetType, id: number) =>
  apiRequest(`/admin/content/${type}/${id}/restore/`, { method: 'POST' });
export const fetchSuspended = () =>
  apiRequest<{ results: SuspendedMember[]; next: string | null }>('/admin/members/suspended/?limit=100');
export const reactivateMember = (id: number) =>
  apiRequest(`/admin/members/${id}/reactivate/`, { method: 'POST' });

export type AgeGroup = 'minor' | 'adult';
/** A minor's activated account waiting for an administrator's check (GET /api/admin/minors/). */
export type PendingMinor = {
  id: number;
  email: string;
  telefono: string | null;
  registration_type: string;
  guardian: { nombre: string | null; relacion: string | null };
  nombre: string | null;
  apellidos: string | null;
  date_of_birth: string | null;
  edad: number | null;
  country: string | null;
  ciudad: string | null;
  registered_at: string;
};
export const minorReviewKeys = {
  all: ['admin', 'minors'] as const,
};
export const firstMinorsPage = '/admin/minors/?limit=25';
/** One page of the queue, oldest first; `path` is the first page's or the `next` address the server gave. */
export const fetchPendingMinors = (path: string) =>
  apiRequest<{ results: PendingMinor[]; next: string | null }>(path);
export const approveMinor = (id: number) =>
  apiRequest<{ reviewed: true }>(`/admin/minors/${id}/approve/`, { method: 'POST' });
export const setAgeGroup = (id: number, ageGroup: AgeGroup) =>
  apiRequest<{ age_group: AgeGroup }>(`/admin/members/${id}/age-group/`, {
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
export const adminAdSettingsQuery = () =>
  queryOptions({ queryKey: ['admin', 'ads'], queryFn: fetchAdSettings });
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
