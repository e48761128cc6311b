/** Business constants and limits of spec §9, shared by the server and the web client. */

export const SCROLL_TO_TOP_THRESHOLD_PX = 300;
export const ACTIVATION_CODE_LENGTH = 6;
export const PAGE_SIZE = 5;
export const MOBILE_BREAKPOINT_PX = 768;

export const REDIRECT_DELAY_MS = {
  short: 1500,
  medium: 2000,
  long: 2500,
} as const;

/** react-hot-toast durations (spec §9 "Toasts"). */
export const TOAST_DURATION_MS = {
  default: 4000,
  success: 2000,
  commentSent: 2000,
  postChanged: 2500,
  deletion: 3000,
} as const;
export const TOAST_MAX_WIDTH_PX = 350;

export const WEBSOCKET_HEARTBEAT_MS = 30_000;
export const WEBSOCKET_RECONNECT_MS = 5_000;
export const NOTIFICATION_POLL_MS = 900_000;
export const CHAT_FRIENDS_REFRESH_MS = 30_000;

export const AD_ROTATION_MS = 15_000;
export const MIN_WITHDRAWAL_TOKENS = 99;
export const MIN_CLAIM_TOKENS = 100;
export const EURO_PER_TOKEN = 0.01;

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** i18next retries a failed translation load up to 5 times, from 350 ms, doubling (spec §7). */
export const TRANSLATION_RETRY = { maxRetries: 5, firstDelayMs: 350 } as const;
