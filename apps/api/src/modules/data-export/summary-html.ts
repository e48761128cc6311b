import { RETENTION_DAYS, type Language, type RetainedKind } from '@juntos/domain';
import { translate } from '../../i18n/messages';
import { escapeHtml } from '../../lib/html';
import type { ExportedRow, ExportedTable } from './data-export.repository';

/** Markup built here, already escaped; plain strings are escaped where they are placed. */
type Html = { html: string };
const raw = (html: string): Html => ({ html });
const render = (content: Html | string) => (typeof content === 'string' ? escapeHtml(content) : content.html);

const STYLE = `body{font-family:Arial,Helvetica,sans-serif;font-size:18px;line-height:1.6;color:#1d2a33;background:#fff;margin:0;padding:24px}
main{max-width:900px;margin:0 auto}h1{font-size:28px;color:#0f5c63}h2{font-size:22px;color:#0f5c63;margin-top:40px}
table{border-collapse:collapse;width:100%;margin:8px 0 16px}th,td{border:1px solid #8a9ba6;padding:8px 10px;text-align:left;vertical-align:top}
thead th{background:#e6f0f1}tbody th{background:#f4f8f9;font-weight:normal}.facts th{font-weight:bold;width:40%}
code{font-size:16px}`;

const text = (row: ExportedRow | undefined, column: string) => {
  const value = row?.[column];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
};

/**
 * The human-readable page beside the JSON of the member's copy (`summary.html`), in their
 * language: their account, how much of each kind is stored, sessions, e-mails, consents, the
 * moderators' decisions about them and how long things are kept. One self-contained file: no
 * scripts, no outside styles or pictures, so it opens the same offline on any computer.
 */
export function summaryHtml(options: {
  tables: ExportedTable[];
  language: Language;
  preparedAt: Date;
  productName: string;
}): string {
  const { language, productName } = options;
  const t = (key: string, values: Record<string, string | number> = {}) =>
    translate(language, `export.summary.${key}`, { product: productName, ...values });
  /** A translated name of a value (a role, a consent, a decision), or the value itself when it is new. */
  const named = (group: string, value: string) => {
    const key = `${group}.${value.replace(/\./g, '_')}`;
    const found = t(key);
    return found === `export.summary.${key}` ? value : found;
  };
  const dateTime = new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  const when = (value: string | undefined) => (value ? dateTime.format(new Date(value)) : '');
  const languageNames = new Intl.DisplayNames(language, { type: 'language' });
  const languageName = (code: string | undefined) => (code ? (languageNames.of(code) ?? code) : '');
  const number = new Intl.NumberFormat(language);
  const rowsOf = (table: string) => options.tables.find((exported) => exported.table === table)?.rows ?? [];

  const heading = (level: 2, content: string) => raw(`<h${level}>${escapeHtml(content)}</h${level}>`);
  const paragraph = (content: string) => raw(`<p>${escapeHtml(content)}</p>`);
  /**
   * A table with a header row, each row named by its first cell (a row header for screen readers);
   * an empty list says so instead of an empty table.
   */
  const list = (headers: string[], rows: (Html | string)[][]) =>
    rows.length === 0
      ? paragraph(t('none'))
      : raw(
          `<table><thead><tr>${headers.map((header) => `<th scope="col">${escapeHtml(header)}</th>`).join('')}</tr></thead><tbody>${rows
            .map(
              ([first = '', ...rest]) =>
                `<tr><th scope="row">${render(first)}</th>${rest.map((cell) => `<td>${render(cell)}</td>`).join('')}</tr>`,
            )
            .join('')}</tbody></table>`,
        );
  /** A table of labelled values, one per row. */
  const facts = (rows: [string, string][]) =>
    raw(
      `<table class="facts"><tbody>${rows
        .map(
          ([label, value]) =>
            `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</tbody></table>`,
    );
  const yesNo = (value: unknown) => (value ? t('yes') : t('no'));
  const dateOrNo = (value: string | undefined) => (value ? when(value) : t('no'));

  const [account] = rowsOf('users');
  const accountFacts = facts([
    [t('account.email'), text(account, 'email') ?? ''],
    [t('account.phone'), text(account, 'telefono') ?? ''],
    [t('account.language'), languageName(text(account, 'language'))],
    [t('account.role'), named('roles', text(account, 'role') ?? '')],
    [t('account.active'), yesNo(account?.is_active)],
    [t('account.created'), when(text(account, 'created_at'))],
    [t('account.activated'), dateOrNo(text(account, 'activated_at'))],
    [t('account.profile_completed'), dateOrNo(text(account, 'profile_completed_at'))],
    [t('account.suspended'), dateOrNo(text(account, 'suspended_at'))],
  ]);

  const kinds = list(
    [t('kinds.kind'), t('kinds.count'), t('kinds.file')],
    options.tables.map((exported) => [
      named('tables', exported.table),
      String(exported.rows.length),
      raw(`<code>${escapeHtml(`data/${exported.table}.json`)}</code>`),
    ]),
  );

  // A session is one chain of renewed sign-in tokens (`family_id`); its newest token says how it is now.
  const sessions = new Map<string, ExportedRow[]>();
  for (const token of rowsOf('refresh_tokens')) {
    const family = text(token, 'family_id') ?? text(token, 'id') ?? '';
    sessions.set(family, [...(sessions.get(family) ?? []), token]);
  }
  const sessionRows = [...sessions.values()].map((tokens) => {
    const ordered = tokens.toSorted((a, b) =>
      (text(a, 'created_at') ?? '').localeCompare(text(b, 'created_at') ?? ''),
    );
    const newest = ordered.at(-1);
    const device = ordered.map((token) => text(token, 'device')).findLast((value) => !!value);
    return [
      device ?? t('sessions.unknown_device'),
      when(text(ordered[0], 'created_at')),
      when(text(newest, 'created_at')),
      text(newest, 'revoked_at')
        ? when(text(newest, 'revoked_at'))
        : t('sessions.open_until', { date: when(text(newest, 'expires_at')) }),
    ];
  });

  const emails = rowsOf('email_outbox').map((email) => [
    when(text(email, 'sent_at') ?? text(email, 'created_at')),
    text(email, 'subject') ?? '',
  ]);

  const consents = [
    ...rowsOf('consent_records').map((consent) => [
      named('consents.kinds', text(consent, 'kind') ?? ''),
      text(consent, 'policy_version') ?? '',
      when(text(consent, 'accepted_at')),
      '',
    ]),
    ...rowsOf('monetization_consents').map((consent) => [
      t('consents.kinds.earnings_programme'),
      text(consent, 'version') ?? '',
      when(text(consent, 'granted_at')),
      dateOrNo(text(consent, 'withdrawn_at')),
    ]),
    // Issue 35: hearing of research about the declared disease (the guardian's on a minor's account).
    ...rowsOf('research_consents').map((consent) => [
      t(
        text(consent, 'given_by') === 'guardian'
          ? 'consents.kinds.research_guardian'
          : 'consents.kinds.research',
      ),
      typeof consent.version === 'number' ? String(consent.version) : '',
      when(text(consent, 'given_at')),
      dateOrNo(text(consent, 'withdrawn_at')),
    ]),
  ];

  // Decisions about the member are the entries whose administrator is withheld.
  const decisions = rowsOf('admin_audit_log')
    .filter((entry) => entry.admin_id === null)
    .map((entry) => [
      when(text(entry, 'created_at')),
      named('decisions.actions', text(entry, 'action') ?? ''),
    ]);

  const retention = (Object.entries(RETENTION_DAYS) as [RetainedKind, number][]).map(([kind, days]) => [
    t(`retention.kinds.${kind}`),
    t('retention.days', { days: number.format(days) }),
  ]);

  const title = t('title');
  const body: Html[] = [
    raw(`<h1>${escapeHtml(title)}</h1>`),
    paragraph(t('intro', { date: when(options.preparedAt.toISOString()) })),
    paragraph(t('where')),
    paragraph(t('times')),
    heading(2, t('account.heading')),
    accountFacts,
    heading(2, t('kinds.heading')),
    kinds,
    heading(2, t('sessions.heading')),
    list(
      [t('sessions.device'), t('sessions.opened'), t('sessions.renewed'), t('sessions.ended')],
      sessionRows,
    ),
    heading(2, t('emails.heading')),
    list([t('emails.date'), t('emails.subject')], emails),
    heading(2, t('consents.heading')),
    list([t('consents.what'), t('consents.version'), t('consents.date'), t('consents.withdrawn')], consents),
    heading(2, t('decisions.heading')),
    list([t('decisions.date'), t('decisions.decision')], decisions),
    heading(2, t('retention.heading')),
    paragraph(t('retention.intro')),
    list([t('retention.what'), t('retention.period')], retention),
    heading(2, t('withheld.heading')),
    paragraph(t('withheld.text')),
  ];
  return `<!doctype html>
<html lang="${escapeHtml(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body.map(render).join('\n')}
</main>
</body>
</html>
`;
}
