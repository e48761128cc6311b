import { describe, expect, it } from 'vitest';
import type { ExportedTable } from './data-export.repository';
import { escapeHtml } from '../../lib/html';
import { summaryHtml } from './summary-html';

const table = (name: ExportedTable['table'], rows: Record<string, unknown>[]): ExportedTable => ({
  table: name,
  rows,
  key: ['id'],
  withheld: {},
  truncated: false,
});

describe('the summary page of a data copy', () => {
  it('escapes every value it shows', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const page = summaryHtml({
      tables: [
        table('users', [
          { id: 1, email: '<script>alert(1)</script>@example.org', role: 'member', is_active: true },
        ]),
        table('email_outbox', [
          { id: 2, subject: '<img src=x onerror=alert(1)>', created_at: '2026-11-26T10:00:00Z' },
        ]),
        table('refresh_tokens', [
          { id: 3, family_id: 'f', device: '"><b>device</b>', created_at: '2026-11-26T10:00:00Z' },
        ]),
      ],
      language: 'fr',
      preparedAt: new Date('2026-11-26T10:00:00Z'),
      productName: 'Juntos & <i>co</i>',
    });
    expect(page).not.toMatch(/<script|<img|<b>|<i>/);
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;@example.org');
    expect(page).toContain('Juntos &amp; &lt;i&gt;co&lt;/i&gt;');
    expect(page).toMatch(/^<!doctype html>\n<html lang="fr">/);
  });

  it('says so when a section is empty, and names a decision it does not know by its action', () => {
    const page = summaryHtml({
      tables: [
        table('users', [{ id: 1, email: 'a@example.org', role: 'member' }]),
        table('admin_audit_log', [
          { id: 1, admin_id: null, action: 'member.suspend', created_at: '2026-11-26T10:00:00Z' },
          { id: 2, admin_id: null, action: 'member.something_new', created_at: '2026-11-26T10:00:00Z' },
          // The member's own action as an administrator is not a decision about them.
          { id: 3, admin_id: 1, action: 'content.hide', created_at: '2026-11-26T10:00:00Z' },
        ]),
      ],
      language: 'en',
      preparedAt: new Date('2026-11-26T10:00:00Z'),
      productName: 'Juntos',
    });
    expect(page).toContain('<th scope="row">Nov 26, 2026, 10:00 AM</th><td>Your account was suspended.</td>');
    expect(page).toContain('<td>member.something_new</td>');
    expect(page).not.toContain('A moderator hid your content.');
    expect(page).toContain('<h2>E-mails we sent you</h2>\n<p>None.</p>');
  });
});
