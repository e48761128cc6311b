import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { SUPPORTED_LANGUAGES, TopicCommunityInputSchema, type TopicCommunityInput } from '@juntos/domain';

const STARTER_TOPICS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'starter-topics.json');

/** Every language written: a starter community reads as native in each of the ten. */
const complete = (texts: Partial<Record<string, string>>) =>
  SUPPORTED_LANGUAGES.every((language) => Boolean(texts[language]?.trim()));

const StarterTopicsSchema = z.array(
  TopicCommunityInputSchema.refine((topic) => complete(topic.name) && complete(topic.description), {
    message: 'a name and a description in every language',
  }),
);

/**
 * The topic communities a new installation starts with (issue 34): shared functional needs and
 * roles, so members without a diagnosis, and the "needs" suggestions, have somewhere to go from the
 * first day. Shipped in starter-topics.json, checked with the same rules administrators' edits
 * pass, and every language required; operators edit or remove them like any topic community.
 * A wrong entry stops the start with its position and field.
 */
export function loadStarterTopics(file = STARTER_TOPICS_FILE): TopicCommunityInput[] {
  const parsed = StarterTopicsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`starter-topics.json: entry ${issue?.path.join('.')}: ${issue?.message}`);
  }
  return parsed.data;
}
