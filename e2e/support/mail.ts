import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { parseEmail } from '../../apps/api/src/test-support/email-message';

/** Reads one stored message: its recipients and its decoded text. */
export const readEmail = (file: string) => parseEmail(readFileSync(file, 'utf8'));

/**
 * Waits for the first message to `to` received at or after `since` (a Date.now() value) by the
 * SMTP receiver of the global setup, and returns its decoded text.
 */
export async function waitForEmail(to: string, since: number, timeoutMs = 30_000): Promise<string> {
  const mailDir = inject('mailDir');
  const address = to.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = readdirSync(mailDir)
      .filter((name) => name.endsWith('.eml'))
      .map((name) => ({ name, received: Number(name.split('-')[0]) }))
      .filter((file) => file.received >= since)
      .sort((a, b) => a.received - b.received || a.name.localeCompare(b.name));
    for (const file of files) {
      const email = readEmail(path.join(mailDir, file.name));
      if (email.to.toLowerCase().includes(address)) return email.text;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No e-mail to ${to} arrived within ${timeoutMs} ms`);
}

/** The activation code of an activation e-mail: its first 6-digit number. */
export function activationCodeFrom(text: string): string {
  const code = /(?<!\d)\d{6}(?!\d)/.exec(text)?.[0];
  if (!code) throw new Error(`No 6-digit code in the e-mail:\n${text}`);
  return code;
}

/** The reset link of a password-reset e-mail (an absolute /reset-confirm?token=… URL). */
export function resetLinkFrom(text: string): string {
  const link = /https?:\/\/[^\s"'<>]+\/reset-confirm\?token=[^\s"'<>&]+/.exec(text)?.[0];
  if (!link) throw new Error(`No reset link in the e-mail:\n${text}`);
  return link;
}
