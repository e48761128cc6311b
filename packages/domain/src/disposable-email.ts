import disposableDomains from 'disposable-email-domains';

const DISPOSABLE_DOMAINS = new Set<string>(disposableDomains);

/**
 * True for addresses at a disposable (throw-away) e-mail provider or one of its subdomains, from
 * the maintained `disposable-email-domains` list. Server-side only (see DisposableEmailCheck).
 */
export function isDisposableEmail(email: string): boolean {
  const domain = email.trim().toLowerCase().split('@')[1] ?? '';
  const parts = domain.split('.');
  for (let index = 0; index < parts.length - 1; index += 1) {
    if (DISPOSABLE_DOMAINS.has(parts.slice(index).join('.'))) return true;
  }
  return false;
}
