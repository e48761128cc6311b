import { z } from 'zod';

/**
 * The symbol board (issue 21): pictograms with a word or short phrase, for members who write with
 * symbols (aphasia, intellectual disability, AAC users). The pictures are OpenMoji (CC BY-SA 4.0),
 * named here by their hexcode (the file name in the `openmoji` package); the web app bundles only
 * these. A message or post stores the ids of the symbols it was written with, never the pictures,
 * so a symbol's id is stable: renaming one would leave stored messages pointing at nothing.
 */

export const SYMBOL_CATEGORIES = [
  'people',
  'feelings',
  'body',
  'places',
  'actions',
  'questions',
  'answers',
] as const;
export type SymbolCategory = (typeof SYMBOL_CATEGORIES)[number];

export type BoardSymbol = {
  /** Stable: stored with messages and posts. Also the last part of its label's translation key. */
  id: string;
  category: SymbolCategory;
  /** The OpenMoji file (color/svg/<hexcode>.svg). */
  hexcode: string;
  /** Translation key of its label (`translation` namespace). */
  labelKey: string;
};

const entries = {
  people: [
    ['me', '1F9D1'],
    ['you', '1FAF5'],
    ['family', '1F46A'],
    ['friend', '1FAC2'],
    ['doctor', '1F9D1-200D-2695-FE0F'],
    ['carer', '1F9D1-200D-1F91D-200D-1F9D1'],
    ['child', '1F9D2'],
    ['woman', '1F469'],
    ['man', '1F468'],
  ],
  feelings: [
    ['happy', '1F600'],
    ['sad', '1F622'],
    ['angry', '1F620'],
    ['scared', '1F628'],
    ['tired', '1F62B'],
    ['worried', '1F61F'],
    ['calm', '1F60C'],
    ['love', '2764'],
  ],
  body: [
    ['pain', '1F915'],
    ['sick', '1F912'],
    ['medicine', '1F48A'],
    ['injection', '1F489'],
    ['wheelchair', '1F9BD'],
    ['breathe', '1FAC1'],
    ['hearing', '1F9BB'],
    ['dizzy', '1F635'],
    ['sleep', '1F6CC'],
  ],
  places: [
    ['home', '1F3E0'],
    ['hospital', '1F3E5'],
    ['school', '1F3EB'],
    ['work', '1F3E2'],
    ['shop', '1F6D2'],
    ['park', '1F3DE'],
    ['toilet', '1F6BB'],
  ],
  actions: [
    ['help', '1F198'],
    ['i_want', '1FAF4'],
    ['eat', '1F37D'],
    ['drink', '1F964'],
    ['go', '1F6B6'],
    ['wait', '23F3'],
    ['talk', '1F5E3'],
    ['call', '1F4DE'],
    ['stop', '1F6D1'],
  ],
  questions: [
    ['what', '2753'],
    ['when', '1F552'],
    ['where', '1F4CD'],
    ['who', '1F465'],
    ['why', '1F914'],
    ['dont_understand', '1F615'],
    ['repeat', '1F501'],
  ],
  answers: [
    ['yes', '2705'],
    ['no', '274C'],
    ['thank_you', '1F64F'],
    ['please', '1F97A'],
    ['hello', '1F44B'],
    ['ok', '1F44C'],
    ['sorry', '1F614'],
    ['dont_know', '1F937'],
  ],
} as const satisfies Record<SymbolCategory, readonly (readonly [id: string, hexcode: string])[]>;

/** The id of a symbol of the board. */
export type SymbolId = (typeof entries)[SymbolCategory][number][0];

/** Every symbol of the board, category by category, in the board's order. */
export const BOARD_SYMBOLS: readonly BoardSymbol[] = SYMBOL_CATEGORIES.flatMap((category) =>
  entries[category].map(([id, hexcode]) => ({
    id,
    category,
    hexcode,
    labelKey: `symbols.labels.${id}`,
  })),
);

const byId = new Map(BOARD_SYMBOLS.map((symbol) => [symbol.id, symbol]));

export const symbolById = (id: string): BoardSymbol | undefined => byId.get(id);
export const isSymbolId = (id: string): boolean => byId.has(id);

export const SYMBOL_LIMITS = {
  /** Symbols one chat message or post may carry. */
  perMessage: 12,
  /** Own phrases one member may keep on their board. */
  phrasesPerMember: 50,
  /** Characters of one own phrase, after trimming. */
  phraseLength: 80,
} as const;

/** The longest id a client may send; anything longer is not a symbol of the board. */
const SYMBOL_ID_MAX_LENGTH = 40;

/**
 * The symbols a message or post was written with. The same symbol may come twice ("I want … I
 * want …"); every id must be one of the board's.
 */
export const SymbolIdsSchema = z
  .array(z.string().max(SYMBOL_ID_MAX_LENGTH, 'symbols.errors.unknown_symbol'), {
    error: 'symbols.errors.unknown_symbol',
  })
  .max(SYMBOL_LIMITS.perMessage, 'symbols.errors.too_many')
  .refine((ids) => ids.every(isSymbolId), 'symbols.errors.unknown_symbol');

/**
 * The post form sends its symbols as one multipart field, ids separated by commas; empty or
 * absent means none.
 */
export const SymbolIdsField = z
  .string()
  .optional()
  .transform((value) => (value ?? '').split(',').filter((id) => id !== ''))
  .pipe(SymbolIdsSchema);

export const joinSymbolIds = (ids: readonly string[]) => ids.join(',');

/** A member's own phrase, as added from the board. */
export const SymbolPhraseCreateSchema = z.object({
  text: z
    .string({ error: 'symbols.errors.phrase_required' })
    .trim()
    .min(1, 'symbols.errors.phrase_required')
    .max(SYMBOL_LIMITS.phraseLength, 'symbols.errors.phrase_too_long'),
  symbol: z
    .string({ error: 'symbols.errors.phrase_symbol' })
    .refine(isSymbolId, 'symbols.errors.phrase_symbol'),
});
export type SymbolPhraseCreate = z.output<typeof SymbolPhraseCreateSchema>;

export const SymbolPhraseSchema = z.object({
  id: z.number(),
  text: z.string(),
  symbol: z.string(),
  created_at: z.string(),
});
export type SymbolPhrase = z.output<typeof SymbolPhraseSchema>;
