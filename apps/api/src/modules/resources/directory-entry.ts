import type { z } from 'zod';
import { DirectoryEntryInputSchema } from '@juntos/domain';

/**
 * An entry as the directory editor sends it: the rules live in the domain, where the editor's
 * form checks the same before sending; the messages are given in the caller's language.
 */
export const DirectoryEntryInput = DirectoryEntryInputSchema;

export type DirectoryEntryValues = z.output<typeof DirectoryEntryInput>;
