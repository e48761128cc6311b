import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export type WordCloud = {
  image_url: string | null;
  words: { text: string; members: number }[];
  generated_at: string;
};

/** Keyed by language: the server draws the cloud in the interface language. */
export const wordCloudQuery = (language: string) =>
  queryOptions({
    queryKey: ['word-cloud', language],
    queryFn: () => apiRequest<WordCloud>('/nube-palabras/'),
    staleTime: 60 * 1000,
  });
