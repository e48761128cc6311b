import { useQuery } from '@tanstack/react-query';
import { collator } from './intl-formats';

export type Disease = { code: number; name: string };

async function fetchDiseaseList(language: string): Promise<Disease[]> {
  const response = await fetch(`/enfermedades/enfermedades_${language}.json`, {
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`Disease list ${language}: HTTP ${response.status}`);
  const list = (await response.json()) as Record<string, string>;
  const names = baseCollator(language);
  return Object.entries(list)
    .map(([code, name]) => ({ code: Number(code), name }))
    .sort((a, b) => names.compare(a.name, b.name));
}

/** The rare-disease names of the interface language, sorted (spec §7 "Static"). */
export function useDiseaseList(language: string) {
  return useQuery({
    queryKey: ['disease-list', language],
    queryFn: () => fetchDiseaseList(language),
    staleTime: 60 * 60 * 1000,
  });
}

/** Names compared without case or accents: the field looks its text up at every keystroke. */
const baseCollator = (language: string) => collator(language, { sensitivity: 'base' });

/** The disease whose name is exactly this text (case and accents aside), if any. */
export function findDisease(
  list: Disease[] | undefined,
  name: string,
  language: string,
): Disease | undefined {
  const wanted = name.trim();
  if (!wanted || !list) return undefined;
  const names = baseCollator(language);
  return list.find((disease) => names.compare(disease.name, wanted) === 0);
}
