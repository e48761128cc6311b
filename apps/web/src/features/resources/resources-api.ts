import { useQuery } from '@tanstack/react-query';
import {
  researchRoutes,
  resourceRoutes,
  type Association,
  type ResearchProject,
  type ResourceKind,
} from '@juntos/domain';
import { apiCall } from '../../lib/api-client';

/** Expert centres have the same fields as associations (spec §3). */
export type ResourceEntry = Association | ResearchProject;
export const entryName = (entry: ResourceEntry) => ('titulo' in entry ? entry.titulo : entry.nombre);

export const resourceKeys = {
  list: (kind: ResourceKind, pais: string, ciudad: string, orphacode: string) =>
    ['resources', kind, pais, ciudad, orphacode] as const,
  codeStatus: ['resources', 'orphacode-status'] as const,
  // Under 'research', so the profile's consent changes refresh it (features/profile).
  forYou: ['research', 'for-you'] as const,
};

/** Spec §7: GET /recursos/{kind}/ with the optional pais, ciudad and (issue 35) orphacode filters. */
export function useResourceList(kind: ResourceKind, pais: string, ciudad: string, orphacode = '') {
  return useQuery({
    queryKey: resourceKeys.list(kind, pais, ciudad, orphacode),
    queryFn: (): Promise<ResourceEntry[]> =>
      apiCall(resourceRoutes[kind], {
        query: {
          pais: pais || undefined,
          ciudad: ciudad || undefined,
          orphacode: orphacode ? Number(orphacode) : undefined,
        },
      }),
    staleTime: 5 * 60 * 1000,
  });
}

/** Issue 35: the entries matching the member's consented disease and places, and why. */
export function useResearchForYou() {
  return useQuery({ queryKey: resourceKeys.forYou, queryFn: () => apiCall(researchRoutes.forYou) });
}

/** The status of the member's disease code (spec §7 GET /api/recursos/orphacode_estado/). */
export function useOrphacodeStatus() {
  return useQuery({
    queryKey: resourceKeys.codeStatus,
    queryFn: () => apiCall(resourceRoutes.orphacodeStatus),
  });
}
