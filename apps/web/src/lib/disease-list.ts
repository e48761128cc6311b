import { useQuery } from '@tanstack/react-query';

export type Disease = { code: number; name: string };

async function fetchDiseaseList(language: string): Promise<Disease[]> {
  const response = await fetch(`/enfermedades/enfermedades_${language}.json`, {
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`Disease list ${language}: HTTP ${response.status}`);
  const list = (await response.json()) as Record<string, string>;
  const collator = baseCollator(language);
  return Object.entries(list)
    .map(([code, name]) => ({ code: Number(code), name }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** The rare-disease names of the interface language, sorted (spec §7 "Static"). */
export function useDiseaseList(language: string) {
  return useQuery({
    queryKey: ['disease-list', language],
    queryFn: () => fetchDiseaseList(language),
    staleTime: 60 * 60 * 1000,
  });
}

const collators = new Map<string, Intl.Collator>();

/**
 * One collator per language, kept: the field looks its text up on every render and keystroke,
 * and building a collator costs more on a phone than the lookup itself.
 */
function baseCollator(language: string): Intl.Collator {
  let collator = collators.get(language);
  if (!collator) {
    collator = new Intl.Collator(language, { sensitivity: 'base' });
    collators.set(language, collator);
  }
  return collator;
}

/** The disease whose name is exactly this text (case and accents aside), if any. */
export function findDisease(
  list: Disease[] | undefined,
  name: string,
  language: string,
): Disease | undefined {
  const wanted = name.trim();
  if (!wanted || !list) return undefined;
  const collator = baseCollator(language);
  return list.find((disease) => collator.compare(disease.name, wanted) === 0);
}
