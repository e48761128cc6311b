/**
 * A library imported on its first use and kept (issue 36): start-up does not pay for a module
 * that a given instance may never need (sharp before the first image, nodemailer before the first
 * e-mail). `ifLoaded` answers without loading, for a shutdown that has nothing to close otherwise.
 */
export function loadOnce<T>(
  load: () => Promise<T>,
): (() => Promise<T>) & { ifLoaded(): Promise<T> | undefined } {
  let loaded: Promise<T> | undefined;
  return Object.assign(() => (loaded ??= load()), { ifLoaded: () => loaded });
}
