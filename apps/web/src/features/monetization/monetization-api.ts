import { queryOptions, useQuery } from '@tanstack/react-query';
import { monetizationRoutes, type PaymentProfileInput, type WithdrawalInput } from '@juntos/domain';
import { apiCall } from '../../lib/api-client';

export const monetizationKeys = {
  all: ['monetization'] as const,
  // The dashboard reads the same key.
  status: ['monetization', 'status'] as const,
  profile: ['monetization', 'profile'] as const,
  stats: ['monetization', 'stats'] as const,
  history: ['monetization', 'history'] as const,
};

export const fetchStatus = () => apiCall(monetizationRoutes.status);
export const activate = (consent: boolean) => apiCall(monetizationRoutes.activate, { body: { consent } });
export const deactivate = () => apiCall(monetizationRoutes.deactivate);
export const fetchProfile = () => apiCall(monetizationRoutes.profile);
export const saveProfile = (profile: PaymentProfileInput) =>
  apiCall(monetizationRoutes.saveProfile, { body: profile });
export const fetchStats = () => apiCall(monetizationRoutes.adStats);
export const requestWithdrawal = (withdrawal: WithdrawalInput) =>
  apiCall(monetizationRoutes.withdraw, { body: withdrawal });
export const fetchHistory = () => apiCall(monetizationRoutes.history);

export const monetizationStatusQuery = () =>
  queryOptions({ queryKey: monetizationKeys.status, queryFn: fetchStatus });
export const monetizationProfileQuery = () =>
  queryOptions({ queryKey: monetizationKeys.profile, queryFn: fetchProfile });
export const adStatsQuery = () => queryOptions({ queryKey: monetizationKeys.stats, queryFn: fetchStats });
export const withdrawalHistoryQuery = () =>
  queryOptions({ queryKey: monetizationKeys.history, queryFn: fetchHistory });

export const useMonetizationStatus = () => useQuery(monetizationStatusQuery());
export const useMonetizationProfile = () => useQuery(monetizationProfileQuery());
