/**
 * The member closed the device's prompt, or it timed out: told as "cancelled, try again", not as
 * a failure. Its own module, so the login page can ask without loading the WebAuthn library.
 */
export const isCancelled = (error: unknown) =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
