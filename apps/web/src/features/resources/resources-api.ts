import { useQuery } from '@tanstack/react-query';
import { resourceRoutes, type Association, type ResearchProject, type ResourceKind } from '@juntos/domain';
import { apiCall } from '../../lib/api-client';

/** Expert centres have the same fields as associations (spec §3). */
export type ResourceEntry = Association | ResearchProject;
export const entryName = (entry: ResourceEntry) => ('titulo' in entry ? entry.titulo : entry.nombre);

export const resourceKeys = {
  list: (kind: ResourceKind, pais: string, ciudad: string) => ['resources', kind, pais, ciudad] as const,
  codeStatus: ['resources', 'orphacode-status'] as const,
};

/** Spec §7: GET /recursos/{kind}/ with the optional pais and ciudad filters. */
export function useResourceList(kind: ResourceKind, pais: string, ciudad: string) {
  return useQuery({
    queryKey: resourceKeys.list(kind, pais, ciudad),
    queryFn: (): Promise<ResourceEntry[]> =>
      apiCall(resourceRoutes[kind], { query: { pais: pais || undefined, ciudad: ciudad || undefined } }),
    staleTime: 5 * 60 * 1000,
  });
}

/** The status of the member's disease code (spec §7 GET /api/recursos/orphacode_estado/). */
export function useOrphacodeStatus() {
  return useQuery({
    queryKey: resourceKeys.codeStatus,
    queryFn: () => apiCall(resourceRoutes.orphacodeStatus),
  });
}
