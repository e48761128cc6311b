import { describe, expect, it } from 'vitest';
import {
  FUNCTIONAL_VALUES_NEEDING_HELP,
  TopicCommunityInputSchema,
  foldForSearch,
  isSuggestionId,
  needsHelpWith,
} from './communities';
import { FUNCTIONAL_FIELD_VALUES, FUNCTIONAL_FIELDS } from './profile';

describe('communities: pure rules', () => {
  it('names only stored values of each functional field as needing help, never the ordinary one', () => {
    for (const field of FUNCTIONAL_FIELDS) {
      const needing: readonly string[] = FUNCTIONAL_VALUES_NEEDING_HELP[field];
      const stored: readonly string[] = FUNCTIONAL_FIELD_VALUES[field];
      for (const value of needing) expect(stored, field).toContain(value);
      expect(needing.length, field).toBeLessThan(stored.length);
    }
    expect(needsHelpWith('movilidad', 'fauteuil roulant')).toBe(true);
    expect(needsHelpWith('movilidad', 'sans support')).toBe(false);
    expect(needsHelpWith('audition', null)).toBe(false);
  });

  it('folds accents, case and the Greek final sigma', () => {
    expect(foldForSearch('  Síndrome de MÉNIÈRE ')).toBe('sindrome de meniere');
    expect(foldForSearch('Gehirn-Lunge-Schilddrüse')).toBe('gehirn-lunge-schilddruse');
    expect(foldForSearch('ΣΎΝΔΡΟΜΟΣ')).toBe(foldForSearch('σύνδρομος'));
  });

  it('accepts functional fields, characteristics and no_diagnosis as suggestions', () => {
    expect(isSuggestionId('habla')).toBe(true);
    expect(isSuggestionId('using_a_wheelchair_or_walking_aid')).toBe(true);
    expect(isSuggestionId('no_diagnosis')).toBe(true);
    expect(isSuggestionId('flying')).toBe(false);
  });

  it('requires the Spanish texts of a topic community and drops empty ones', () => {
    const parsed = TopicCommunityInputSchema.parse({
      slug: ' Carers-Club ',
      name: { es: 'Cuidadores', en: ' ' },
      description: { es: 'Para quien cuida.' },
      suggested_for: ['habla', 'habla'],
    });
    expect(parsed).toEqual({
      slug: 'carers-club',
      name: { es: 'Cuidadores' },
      description: { es: 'Para quien cuida.' },
      suggested_for: ['habla'],
    });
    const refused = TopicCommunityInputSchema.safeParse({
      slug: 'x',
      name: { en: 'Carers' },
      description: {},
    });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name.es', 'communities.errors.name_required'],
      ['description.es', 'communities.errors.description_required'],
    ]);
  });
});
