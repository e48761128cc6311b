import { flattenTexts, placeholders } from '@juntos/domain';

/**
 * The texts of the main screens that easy-read mode rewrites in plain language (issue 21): for
 * each screen, the translation keys it shows. An entry names one key, or a whole section (every
 * key below `entry.`); plural forms count as their key (`nav.pending` covers `nav.pending_one`…).
 * The coverage test (easy-read-coverage.test.ts) requires an easy text in packages/locales/<lng>/
 * easy.json for every key listed here, in every language. Keys of other screens may have easy
 * texts too; they are used, but not required.
 */
export const EASY_READ_SCREENS = {
  navigation: [
    'app.tagline',
    'app.skip_to_content',
    'app.loading',
    'app.home_link',
    'app.opens_new_tab',
    'app.try_again',
    'app.dismiss',
    'app.offline_load',
    'app.offline_action',
    'nav',
    'top_search',
    'notifications.bell_unread',
    'language.label',
    'auth',
    'footer',
  ],
  display_settings: ['prefs'],
  landing: ['titles.landing', 'landing', 'cookie'],
  signup_choice: ['titles.signup', 'signup'],
  signup_adult: ['titles.signup_self', 'signup_adult', 'password'],
  signup_minor: ['titles.signup_minor', 'signup_minor', 'password'],
  activation: ['titles.activate', 'activate'],
  feed: [
    'titles.feed',
    'feed',
    'post',
    'comment',
    'moderation.hidden_post',
    'moderation.hidden_comment',
    'report.action',
    'report.post_by',
    'report.comment_by',
    'report.title.post',
    'report.title.comment',
    'report.reason',
    'report.reasons',
    'report.details',
    'report.send',
    'report.done',
    'report.error',
    'report.cancel',
    'report.errors',
  ],
  new_post: ['titles.new_post', 'new_post', 'post_form', 'post.errors', 'upload', 'image_picker'],
  chat: [
    'titles.chat',
    'chat',
    'report.title.chat_message',
    'report.title.chat_conversation',
    'report.reason',
    'report.reasons',
    'report.details',
    'report.send',
    'report.done',
    'report.error',
    'report.cancel',
    'report.errors',
  ],
  profile: ['titles.profile', 'profile', 'profile_edit.disease_code'],
  friends: [
    'titles.buscar_amigos',
    'friends',
    'titles.solicitudes',
    'requests',
    'public_profile.friendship',
    'public_profile.request_sent',
  ],
  search_hub: ['titles.buscar', 'search_hub'],
  resources_hub: [
    'titles.recursos',
    'resources.title',
    'resources.intro',
    'resources.cards',
    'resources.code_warning',
  ],
  earnings_intro: ['titles.monetizacion', 'monetization'],
  logout: ['titles.logout', 'logout'],
} as const satisfies Record<string, readonly string[]>;

export type EasyReadScreen = keyof typeof EASY_READ_SCREENS;

/**
 * Keys inside the sections above that stay as they are in easy-read mode: a name and number
 * formats, with no words to make plainer.
 */
export const EASY_READ_UNCHANGED: readonly string[] = [
  'landing.title',
  'prefs.text_size_value',
  'upload.percent',
];

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Whether `key` (a flattened translation key) is one of the keys `entries` names. */
export function isListedKey(key: string, entries: readonly string[]): boolean {
  if (EASY_READ_UNCHANGED.includes(key)) return false;
  const base = key.replace(PLURAL_SUFFIX, '');
  return entries.some((entry) => key === entry || base === entry || key.startsWith(`${entry}.`));
}

export type EasyReadCoverage = {
  /** Keys the screen shows (from the language's own translation.json, so its plural forms). */
  total: number;
  /** Keys with no usable easy text: missing, empty, or with other placeholders than the ordinary text. */
  missing: string[];
};

/** How much of one screen has easy texts in one language. */
export function easyReadCoverage(
  entries: readonly string[],
  translation: unknown,
  easy: unknown,
): EasyReadCoverage {
  const ordinary = flattenTexts(translation);
  const plain = flattenTexts(easy);
  const keys = [...ordinary.keys()].filter((key) => isListedKey(key, entries));
  const missing = keys.filter((key) => {
    const text = plain.get(key);
    return (
      typeof text !== 'string' || text.trim() === '' || placeholders(text) !== placeholders(ordinary.get(key))
    );
  });
  return { total: keys.length, missing };
}

/** Easy keys with no ordinary text of the same name: a typo, or a key renamed since. */
export function strayEasyKeys(translation: unknown, easy: unknown): string[] {
  const ordinary = flattenTexts(translation);
  return [...flattenTexts(easy).keys()].filter((key) => !ordinary.has(key));
}
