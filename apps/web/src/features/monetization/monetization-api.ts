import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  AdStats,
  MonetizationProfile,
  MonetizationStatus,
  PaymentProfileInput,
  Withdrawal,
  WithdrawalInput,
} from '@juntos/domain';
import { apiRequest } from '../../lib/api-client';

export const monetizationKeys = {
  all: ['monetization'] as const,
  // The dashboard reads the same key.
  status: ['monetization', 'status'] as const,
  profile: ['monetization', 'profile'] as const,
  stats: ['monetization', 'stats'] as const,
  history: ['monetization', 'history'] as const,
};

export const fetchStatus = () => apiRequest<MonetizationStatus>('/monetizacion/status/');
export const activate = (consent: boolean) =>
  apiRequest<MonetizationStatus>('/monetizacion/activate/', {
    method: 'POST',
    body: JSON.stringify({ consent }),
  });
export const deactivate = () =>
  apiRequest<MonetizationStatus>('/monetizacion/activate/', { method: 'DELETE' });
export const fetchProfile = () => apiRequest<MonetizationProfile>('/monetizacion/profile/');
export const saveProfile = (profile: PaymentProfileInput) =>
  apiRequest<MonetizationProfile>('/monetizacion/profile/', {
    method: 'POST',
    body: JSON.stringify(profile),
  });
export const fetchStats = () => apiRequest<AdStats>('/ads/stats/');
export const requestWithdrawal = (withdrawal: WithdrawalInput) =>
  apiRequest<Withdrawal>('/monetizacion/withdrawals/', { method: 'POST', body: JSON.stringify(withdrawal) });
export const fetchHistory = () => apiRequest<Withdrawal[]>('/monetizacion/withdrawals/history/');

export const monetizationStatusQuery = () =>
  queryOptions({ queryKey: monetizationKeys.status, queryFn: fetchStatus });
export const monetizationProfileQuery = () =>
  queryOptions({ queryKey: monetizationKeys.profile, queryFn: fetchProfile });
export const adStatsQuery = () => queryOptions({ queryKey: monetizationKeys.stats, queryFn: fetchStats });
export const withdrawalHistoryQuery = () =>
  queryOptions({ queryKey: monetizationKeys.history, queryFn: fetchHistory });

export const useMonetizationStatus = () => useQuery(monetizationStatusQuery());
export const useMonetizationProfile = () => useQuery(monetizationProfileQuery());
