/** What a removed secret reads as in the member's copy. */
export const REMOVED = '[removed]';

/**
 * The text of an e-mail without the one-time secrets it carried: the token of a password-reset
 * link (`…?token=…`) and six-digit activation codes. They are useless to the member once used or
 * expired, and an unexpired one in a copy on a shared computer would let someone else in.
 * Everything else of the message stays as it was sent.
 */
export function withoutOneTimeSecrets(text: string): string {
  return text.replace(/([?&]token=)[^\s&#"'<>]+/g, `$1${REMOVED}`).replace(/(?<![\d+])\d{6}(?!\d)/g, REMOVED);
}
