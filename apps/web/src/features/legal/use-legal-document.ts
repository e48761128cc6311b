import { useQuery } from '@tanstack/react-query';
import { LegalDocumentSchema, type LegalDocumentName } from '@juntos/domain';

export const legalDocumentKeys = {
  document: (name: LegalDocumentName, language: string) => ['legal-document', name, language] as const,
};

async function fetchLegalDocument(name: LegalDocumentName, language: string) {
  const response = await fetch(`/locales/${language}/${name}.json`, {
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`Legal document ${name}/${language}: HTTP ${response.status}`);
  return LegalDocumentSchema.parse(await response.json());
}

/** A legal document in the interface language, from /locales/{lang}/{doc}.json (spec §7). */
export function useLegalDocumentQuery(name: LegalDocumentName, language: string) {
  return useQuery({
    queryKey: legalDocumentKeys.document(name, language),
    queryFn: () => fetchLegalDocument(name, language),
    staleTime: 60 * 60 * 1000,
    retry: 1,
  });
}
