import { queryOptions } from '@tanstack/react-query';
import {
  authRoutes,
  dataExportRoutes,
  profileRoutes,
  researchRoutes,
  type DataExport,
  type ResearchScope,
} from '@juntos/domain';
import { apiCall, type UploadProgress } from '../../lib/api-client';

export const profileKeys = {
  own: ['profile', 'own'] as const,
};

/** GET /api/profile/ (spec §7 "Profile"). */
export const ownProfileQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.own,
    queryFn: () => apiCall(profileRoutes.own),
    retry: false,
  });

/** PUT /api/profile/ as multipart: the text fields, and the photo only when a new one was chosen. */
export function saveProfile(
  fields: Record<string, string>,
  photo: File | undefined,
  onProgress?: UploadProgress,
) {
  return apiCall(profileRoutes.save, { body: { fields, file: photo }, onProgress });
}

export const markProfileIntroSeen = () => apiCall(profileRoutes.introSeen);

/** DELETE /api/delete-account/ with the current password, which the server checks again. */
export const deleteAccount = (password: string) => apiCall(authRoutes.deleteAccount, { body: { password } });

// The answer's type comes from the route schema in packages/domain (issue 17).
export type { DataExport };

export const dataExportKey = ['data-export'] as const;
const PREPARING_POLL_MS = 2000;

const fetchExport = () => apiCall(dataExportRoutes.latest);
export const requestExport = () => apiCall(dataExportRoutes.request);
/** The member's latest copy of their data; asked again every 2 s while it is being prepared. */
export const dataExportQuery = () =>
  queryOptions({
    queryKey: dataExportKey,
    queryFn: fetchExport,
    refetchInterval: (query) =>
      query.state.data?.export?.status === 'preparing' ? PREPARING_POLL_MS : false,
  });

/** The member's consent to hear of research about their disease (issue 35). */
export const researchConsentKey = ['research', 'consent'] as const;
export const researchConsentQuery = () =>
  queryOptions({ queryKey: researchConsentKey, queryFn: () => apiCall(researchRoutes.consent) });
export const giveResearchConsent = (scope: ResearchScope) =>
  apiCall(researchRoutes.giveConsent, { body: { scope, agree: true } });
export const withdrawResearchConsent = () => apiCall(researchRoutes.withdrawConsent);
