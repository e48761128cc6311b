import { useRootAttribute } from './use-root-attribute';

/** Whether easy-read mode (issue 21) is on, for behaviour the style sheet cannot change. */
export const useEasyRead = (): boolean => useRootAttribute('data-reading') === 'easy';
