import { queryOptions } from '@tanstack/react-query';
import { hostRoutes, researchRoutes, type RepresentedEntryKind } from '@juntos/domain';
import { apiCall } from '../../lib/api-client';

export const organisationKeys = {
  all: ['organisations'] as const,
  entry: (kind: RepresentedEntryKind, id: number) => ['organisations', 'entry', kind, id] as const,
  invitation: (token: string) => ['organisations', 'invitation', token] as const,
};

/** An association's or research project's page: what it hosts, who represents it. */
export const directoryEntryQuery = (kind: RepresentedEntryKind, id: number) =>
  queryOptions({
    queryKey: organisationKeys.entry(kind, id),
    queryFn: () => apiCall(hostRoutes.entry, { params: { kind, id } }),
  });

/** What an invitation link is for. A 404 means no such invitation: not worth retrying. */
export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: organisationKeys.invitation(token),
    queryFn: () => apiCall(hostRoutes.invitation, { params: { token } }),
    retry: false,
  });

export const inviteRepresentative = (kind: RepresentedEntryKind, id: number, email: string) =>
  apiCall(hostRoutes.invite, { params: { kind, id }, body: { email } });

export const acceptInvitation = (token: string) => apiCall(hostRoutes.accept, { params: { token } });

export const stepDown = (id: number) => apiCall(hostRoutes.stepDown, { params: { id } });

/** A research project's numbers and call: for its confirmed representatives only (403 otherwise). */
export const researchReachQuery = (id: number) =>
  queryOptions({
    queryKey: ['organisations', 'reach', id] as const,
    queryFn: () => apiCall(researchRoutes.reach, { params: { id } }),
  });

export const postResearchCall = (id: number, text: string) =>
  apiCall(researchRoutes.postCall, { params: { id }, body: { text } });

export const withdrawResearchCall = (id: number) => apiCall(researchRoutes.withdrawCall, { params: { id } });
