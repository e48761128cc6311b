/**
 * Where a member's data lives, and what happens to it (issue 24, decision 0013). Every table of
 * the database is listed here, and in it every column that names a member (a foreign key to
 * `users(id)`, or an id column without one). `personal-data-catalogue.test.ts` reads the
 * database's own catalogue and fails when a table or such a column is missing, so a new feature's
 * table is born with an answer to three questions:
 *
 * - **Access (GDPR Art. 15, 20):** is it in the member's copy of their data (`export`), and which
 *   columns are left out of it and why (`withheldColumns`: secrets; other people's rights, Art. 15(4))?
 * - **Erasure (Art. 17):** what happens to it when the account is deleted (`erasure`)?
 * - **Retention:** how long it is kept otherwise (the retention job, `RETENTION_DAYS`).
 */

/** How one column that names a member is handled. */
export type MemberColumn = {
  /**
   * `rows`: the member's copy holds every row where this column is the member (all columns but
   * the withheld ones). `custom`: the table's `exportedBy` says how rows are chosen. `withheld`:
   * rows found through this column are not in the copy, for the stated reason.
   */
  export: 'rows' | 'custom' | { withheld: string };
  /**
   * `cascade`: a foreign key with ON DELETE CASCADE deletes the rows with the account (the test
   * checks the constraint). `erased`: the deletion routine deletes them. `pseudonymised`: the
   * deletion routine replaces the id by the member's pseudonym (the test checks nothing is left).
   * `nulled`: a foreign key with ON DELETE SET NULL forgets the member and keeps the row, which
   * is about someone else (the test checks the constraint).
   */
  erasure: 'cascade' | 'erased' | 'pseudonymised' | 'nulled';
};

export type CatalogueEntry = {
  /** What the table holds, in one line (documentation; the data screen summarises it). */
  holds: string;
  /** Columns that name a member; empty when the table holds nobody's data. */
  memberColumns: Record<string, MemberColumn>;
  /** Columns ending in `_id` that do not name a member, with what they name. */
  otherIdColumns?: Record<string, string>;
  /** Columns never in the copy even for the member's own rows, with the reason. */
  withheldColumns?: Record<string, string>;
  /** Columns holding a media-store key: the copy carries the file, not the key. */
  fileColumns?: string[];
  /** For `custom` exports: which of the member's rows the copy holds, in a sentence. */
  exportedBy?: string;
  /** For tables that outlive the account: what is kept, how, and for how long. */
  retained?: string;
  /** For tables with no member column: why none of its rows is anyone's personal data. */
  noPersonalData?: string;
};

const SECRET =
  'a secret (stored as a hash) that only proves possession; useless to the member and dangerous in a copy';
const cascade = { export: 'rows', erasure: 'cascade' } as const satisfies MemberColumn;
/** The supporter who wrote a member's item for them (decision 0047): the words are the member's. */
const helper = {
  export: {
    withheld:
      'the member’s own words, written for them: they are in the member’s copy; the supporter’s copy lists what they did in supporter_actions',
  },
  erasure: 'nulled',
} as const satisfies MemberColumn;

export const PERSONAL_DATA_CATALOGUE = {
  users: {
    holds: 'The account: e-mail, phone, registration type, guardian, language, role and account state.',
    memberColumns: { id: cascade },
    withheldColumns: { password_hash: SECRET },
    retained:
      'Until the member deletes the account; an account never activated is erased RETENTION_DAYS.unactivatedAccount after sign-up.',
  },
  profiles: {
    holds:
      'The profile: names, photo, place, date of birth, bio, disease and functional fields, who sees them.',
    memberColumns: { user_id: cascade },
    fileColumns: ['photo_key'],
  },
  functional_answers: {
    holds: 'The detailed functional profile: one answer per characteristic.',
    memberColumns: { user_id: cascade },
    otherIdColumns: { characteristic_id: 'a characteristic of the shared catalogue' },
  },
  consent_records: {
    holds: 'What the member accepted at sign-up, with the policy version and time.',
    memberColumns: { user_id: cascade },
    retained:
      'Copied pseudonymised (kind, version, time) to retained_records at deletion; kept RETENTION_DAYS.consentProof.',
  },
  activation_codes: {
    holds: 'The pending activation code of a new account, as a hash, until used or expired.',
    memberColumns: { user_id: { export: { withheld: SECRET }, erasure: 'cascade' } },
  },
  password_reset_tokens: {
    holds: 'Password resets asked for: when, until when, whether used.',
    memberColumns: { user_id: cascade },
    withheldColumns: { token_hash: SECRET },
  },
  refresh_tokens: {
    holds: 'Sessions: the device, when each was opened, renewed, ended and when it expires.',
    memberColumns: { user_id: cascade },
    otherIdColumns: { family_id: 'one session (a chain of renewed tokens)' },
    withheldColumns: { token_hash: SECRET },
  },
  session_ends: {
    holds:
      'The sessions that ended in the last hour, by their random id and when: so that no instance opens a chat socket on a token of an ended session (decision 0050).',
    memberColumns: {},
    otherIdColumns: { session_id: 'one session, as refresh_tokens.family_id named it' },
    noPersonalData:
      'A random session id and a time, with no member column; once the member’s refresh_tokens rows are gone (erasure) the id names nobody, and every row is deleted an hour after it was written.',
  },
  email_outbox: {
    holds: 'Every e-mail the platform sent the member: address, subject, text, when, delivery errors.',
    memberColumns: { user_id: cascade },
    withheldColumns: {
      html_body:
        'the same message as text_body, in HTML, with its links (one-time codes and reset links are secrets)',
    },
    retained:
      'Deleted RETENTION_DAYS.sentEmail after sending; at erasure, rows sent to the member’s address without an account id go too.',
  },
  posts: {
    holds:
      'Posts the member published, with their pictures, content warnings and whether moderators hid them.',
    memberColumns: { author_id: cascade, helper_id: helper },
    otherIdColumns: { community_id: 'the community it was posted in (null: the main feed)' },
    fileColumns: ['image_key'],
  },
  gallery_images: {
    holds: 'Gallery pictures with their titles and descriptions.',
    memberColumns: { owner_id: cascade, helper_id: helper },
    fileColumns: ['image_key'],
  },
  comments: {
    holds: 'Comments the member wrote, on posts and gallery pictures.',
    memberColumns: { author_id: cascade, helper_id: helper },
    otherIdColumns: { content_id: 'the post or gallery picture commented on (content_kind says which)' },
  },
  likes: {
    holds: 'What the member liked.',
    memberColumns: { user_id: cascade },
    otherIdColumns: { content_id: 'the post or gallery picture liked (content_kind says which)' },
  },
  friendships: {
    holds: 'Friend requests sent and received, and friendships.',
    memberColumns: { requester_id: cascade, addressee_id: cascade },
  },
  blocks: {
    holds: 'Members the member blocked.',
    memberColumns: {
      blocker_id: cascade,
      blocked_id: {
        export: {
          withheld:
            'who blocked the member is the other person’s decision, made to be left alone; telling it could expose them (Art. 15(4))',
        },
        erasure: 'cascade',
      },
    },
  },
  member_mutes: {
    holds: 'Members the member muted (issue 37): their posts, comments and notifications stay out of view.',
    memberColumns: {
      user_id: cascade,
      muted_id: {
        export: {
          withheld:
            'who muted the member is the other person’s private choice, never told to anyone (Art. 15(4))',
        },
        erasure: 'cascade',
      },
    },
  },
  supporters: {
    holds:
      'The people the member lets help with their account, and the members they help (issue 37): the address invited, what each may do, the state and when it changed.',
    memberColumns: { member_id: cascade, supporter_id: cascade },
  },
  supporter_actions: {
    holds:
      'What supporters did in the member’s account (issue 37): which route, under which permission, on which item, when; and what the member did as a supporter in others’ accounts.',
    memberColumns: {
      member_id: cascade,
      supporter_id: { export: 'rows', erasure: 'nulled' },
    },
    otherIdColumns: { target_id: 'the item changed (a post, a comment…), or the friend a message went to' },
  },
  keyword_filters: {
    holds: 'Words and phrases the member filters out of their lists or has shown closed (issue 37).',
    memberColumns: { user_id: cascade },
  },
  community_mutes: {
    holds: 'Communities whose posts the member keeps out of their main feed (issue 37).',
    memberColumns: { user_id: cascade },
    otherIdColumns: { community_id: 'the community muted' },
  },
  chat_messages: {
    holds:
      'Chat messages sent and received, with when they were read; messages from a member who has since deleted their account, under a random label.',
    memberColumns: {
      sender_id: { export: 'rows', erasure: 'pseudonymised' },
      receiver_id: cascade,
      helper_id: helper,
    },
    otherIdColumns: { temp_id: 'the sender’s own id for a message, to recognise a resend' },
    retained:
      'Deleted RETENTION_DAYS.chatMessage after sending (later while a report about the conversation is open). At deletion, what the member received goes with the account; what they sent stays in the receivers’ copies until then, the sender id and temp_id replaced by a random label (former_sender), so that a receiver keeps what they were told (decision 0032).',
  },
  chat_settings: {
    holds: 'Chat settings: read receipts, and up to which message the member hid their copy.',
    memberColumns: { user_id: cascade },
    otherIdColumns: { hidden_through_id: 'a chat message' },
  },
  reports: {
    holds: 'Reports the member sent, with what the moderators did.',
    memberColumns: {
      reporter_id: cascade,
      target_id: {
        export: {
          withheld:
            'reports about the member or their content name the reporter and their words; the reporter is protected (Art. 15(4)). The decisions taken are in the copy (admin_audit_log).',
        },
        erasure: 'pseudonymised',
      },
    },
    withheldColumns: {
      snapshot:
        'what was reported as it was when the report was filed: another member’s words, name and picture (Art. 15(4)); the reporter’s own messages in it are in their copy of chat_messages while stored',
      subject_label:
        'the random label of a reported member who deleted their account: about that person, not the reporter',
    },
    retained:
      'Kept while open, then deleted RETENTION_DAYS.resolvedReport after resolution. When the reported member deletes their account the reports about them or their content stay (GDPR Art. 17(3)(e), decision 0032): target_id null for a member or conversation, the snapshot pseudonymised (no id, name, e-mail or picture of theirs) and subject_label a random label.',
  },
  member_notices: {
    holds: 'Notices the platform showed the member (moderation outcomes, a copy ready).',
    memberColumns: { user_id: cascade },
  },
  notifications: {
    holds:
      'The member’s notifications (issue 20): what happened, grouped while unread (kind, how many events, what it is about), read or not, when an e-mail or push counted it.',
    memberColumns: { user_id: cascade },
    otherIdColumns: {
      subject_id:
        'the post, gallery picture or withdrawal the notification is about (subject_type says which)',
      community_id: 'the community of a community reply',
    },
    retained: 'Deleted NOTIFICATION_RETENTION_DAYS (90) after the last event it counts (a job of the queue).',
  },
  notification_actors: {
    holds: 'Who acted on a member’s notification: liked, commented, asked, wrote.',
    memberColumns: {
      actor_id: {
        export: {
          withheld:
            'rows of other members’ notifications; what the member did (likes, comments, requests, messages) is in the copy through those tables',
        },
        erasure: 'cascade',
      },
    },
    otherIdColumns: { notification_id: 'the notification (whose member the row tells)' },
  },
  notification_preferences: {
    holds: 'The member’s notification settings: channels per kind, e-mail frequency, quiet hours, time zone.',
    memberColumns: { user_id: cascade },
  },
  push_subscriptions: {
    holds:
      'The devices where the member turned push notifications on: the push service’s address and encryption keys, a label such as “Firefox · Android”, when it last took a push.',
    memberColumns: { user_id: cascade },
    withheldColumns: {
      p256dh: 'the device’s encryption key: only useful to send it pushes, dangerous in a copy',
      auth: 'the device’s encryption secret: only useful to send it pushes, dangerous in a copy',
    },
    retained: 'Until the member removes the device, or the push service says the subscription is gone.',
  },
  passkeys: {
    holds:
      'The passkeys the member registered to sign in without a password: the credential’s id and public key, its counter, how it connects, the member’s name for it, when it was added and last used.',
    memberColumns: { user_id: cascade },
    otherIdColumns: { credential_id: 'the authenticator’s name for the credential (not a member)' },
    withheldColumns: {
      public_key:
        'the passkey’s public key: only useful to check a sign-in, and it ties the member to the authenticator in a copy',
    },
    retained:
      'Until the member removes it; every passkey of the account is removed when the password is reset.',
  },
  webauthn_challenges: {
    holds: 'A one-time challenge of a passkey registration or sign-in in progress, for a few minutes.',
    memberColumns: { user_id: { export: { withheld: SECRET }, erasure: 'cascade' } },
    retained: 'Deleted when used; expired ones are deleted whenever a new ceremony begins.',
  },
  symbol_phrases: {
    holds: 'The member’s own phrases on their symbol board, each with the pictogram they chose.',
    memberColumns: { user_id: cascade },
    retained: 'Until the member removes the phrase.',
  },
  admin_audit_log: {
    holds:
      'What administrators and community moderators did: as one of them, the member’s own actions; as a member, the decisions about them and their content.',
    memberColumns: {
      admin_id: { export: 'custom', erasure: 'pseudonymised' },
      target_id: { export: 'custom', erasure: 'pseudonymised' },
    },
    exportedBy:
      'entries the member made as an administrator, and the decisions about them (db/audit-log-about-member.ts): their account, their content (details.author_id), their withdrawals, a report about them or their conversation that led to a decision. From decisions made by someone else the acting administrator and every trace of the report (report_id, target_type, target_id, reports_closed) are withheld, and dismissed reports are left out: the reporter is another person (Art. 15(4))',
    retained:
      'Entries are kept RETENTION_DAYS.auditEntry; at deletion the member’s id and e-mail in them are replaced by the pseudonym.',
  },
  data_exports: {
    holds: 'The member’s copies of their data: when asked for, ready, how large.',
    memberColumns: { user_id: cascade },
    withheldColumns: { archive: 'a previous copy itself; the new copy holds everything it held' },
    retained:
      'Deleted RETENTION_DAYS.exportArchive after it was asked for; another member’s copy that holds an erased member (a friend, a chat partner, a block, a report, an administrator who decided about them) is deleted with that erasure.',
  },
  monetization_accounts: {
    holds: 'Participation in the earnings programme: tokens, impressions.',
    memberColumns: { user_id: cascade },
  },
  monetization_consents: {
    holds: 'Consents to the earnings programme, with the text, version and language.',
    memberColumns: { user_id: cascade },
    retained:
      'Copied pseudonymised (version, language, times) to retained_records at deletion; kept RETENTION_DAYS.consentProof.',
  },
  ad_slot_earnings: {
    holds: 'The ad slots the member earned on.',
    memberColumns: { user_id: cascade },
  },
  payment_profiles: {
    holds: 'Saved payment details.',
    memberColumns: { user_id: cascade },
    otherIdColumns: { tax_id: 'the member’s own tax number, exported with the row (not an account id)' },
  },
  withdrawals: {
    holds: 'Withdrawals asked for, with their payout details and status.',
    memberColumns: { user_id: cascade },
    retained:
      'Copied pseudonymised (method, tokens, status, payment reference, dates; no payout details) to retained_records at deletion; kept RETENTION_DAYS.withdrawalRecord.',
  },
  communities: {
    holds: 'Disease and topic communities: names, descriptions, what makes them a suggestion, member counts.',
    memberColumns: {},
    noPersonalData: 'communities themselves; who belongs is in community_members',
  },
  community_members: {
    holds:
      'Communities the member joined, and whether they appear in the member list (health data for a disease community).',
    memberColumns: { user_id: cascade },
    otherIdColumns: { community_id: 'a community' },
  },
  community_moderators: {
    holds: 'Communities the member was appointed to moderate.',
    memberColumns: { user_id: cascade },
    otherIdColumns: { community_id: 'a community' },
  },
  association_communities: {
    holds: 'Which association of the directory hosts which community (issue 35).',
    memberColumns: {},
    otherIdColumns: { community_id: 'a community', association_id: 'an association of the directory' },
    noPersonalData: 'a link between an organisation and a community, set by administrators',
  },
  directory_representatives: {
    holds:
      'The member’s roles as a representative of an association or research project: the address invited, the state (invited, accepted, confirmed, removed, stepped down) and when each step happened.',
    memberColumns: {
      user_id: cascade,
      invited_by: {
        export: {
          withheld:
            'invitations the member sent are about the invited person (their address and their answer); who invited the member is in the audit log',
        },
        erasure: 'nulled',
      },
    },
    otherIdColumns: {
      association_id: 'the association represented',
      research_project_id: 'the research project represented',
    },
    withheldColumns: { token_hash: SECRET },
    retained:
      'Kept while the entry exists, as the history of who spoke for it; deleted with the account (its own rows) or with the directory entry.',
  },
  community_rules: {
    holds: 'Every version of a community’s rules, in its host organisation’s words.',
    memberColumns: {},
    otherIdColumns: { community_id: 'a community' },
    noPersonalData: 'rules of a community; who wrote them is in the audit log',
  },
  community_rule_acceptances: {
    holds: 'Which version of a community’s rules the member read and accepted, and when.',
    memberColumns: { user_id: cascade },
    otherIdColumns: { rules_id: 'a version of a community’s rules' },
  },
  retained_records: {
    holds: 'Pseudonymised records the law requires after an account is deleted.',
    memberColumns: {},
    noPersonalData:
      'pseudonymised at the source: a random id per deleted account that is stored nowhere else, no name, contact or free text',
  },
  app_settings: {
    holds: 'Operator settings (first start, ad client) and the retention job’s lease.',
    memberColumns: {},
    noPersonalData: 'platform configuration only',
  },
  rare_disease_codes: {
    holds: 'The ORPHA code catalogue.',
    memberColumns: {},
    noPersonalData: 'a public nomenclature',
  },
  rare_disease_names: {
    holds: 'Names of ORPHA codes per language.',
    memberColumns: {},
    noPersonalData: 'a public nomenclature',
  },
  research_consents: {
    holds:
      'Consents to hear of research about the declared disease (issue 35): version, scope, who gave it (the member, or the guardian on a minor’s account), when given and withdrawn.',
    memberColumns: { user_id: cascade },
    retained:
      'The history stays while the account exists (what was agreed to and when it ended); deleted with the account, since nothing is matched after it.',
  },
  research_matches: {
    holds:
      'What matching told the member: which directory entry and revision, the code and country that matched, and when (issue 35).',
    memberColumns: { user_id: cascade },
    otherIdColumns: {
      entry_id: 'a research project or expert centre of the directory (entry_kind says which)',
    },
    retained: 'Until the consent is withdrawn, the entry is removed, or the account is deleted.',
  },
  research_calls: {
    holds:
      'Calls for participants that research projects’ representatives posted (issue 35): the text, its language and when; one per project.',
    memberColumns: { author_id: { export: 'rows', erasure: 'nulled' } },
    otherIdColumns: { research_project_id: 'the research project that calls' },
    retained:
      'The project’s, kept while its directory entry exists; the author’s erasure forgets who wrote it.',
  },
  research_call_recipients: {
    holds: 'Which calls for participants reached the member, and when they were told (issue 35).',
    memberColumns: { user_id: cascade },
    otherIdColumns: { call_id: 'a research project’s call for participants' },
    retained: 'Until the consent is withdrawn, the project is removed, or the account is deleted.',
  },
  associations: {
    holds: 'The directory of associations.',
    memberColumns: {},
    noPersonalData: 'organisations, entered by operators',
  },
  research_projects: {
    holds: 'The directory of research projects.',
    memberColumns: {},
    noPersonalData: 'projects, entered by operators',
  },
  expert_centres: {
    holds: 'The directory of expert centres.',
    memberColumns: {},
    noPersonalData: 'centres, entered by operators',
  },
} satisfies Record<string, CatalogueEntry>;

export type CataloguedTable = keyof typeof PERSONAL_DATA_CATALOGUE;

/**
 * Schemas of tools rather than of the application's data, as SQL `like` patterns: the migrations
 * tool's (`drizzle`) and the job queue's (pg-boss, `JOBS_SCHEMA`: `jobs`, and `jobs_…` per test
 * app). A job's data is a member's id only (whom to e-mail or push); finished jobs are deleted
 * after 7 days, and a job of an erased member finds nobody and does nothing (decision 0022).
 */
export const UNCATALOGUED_SCHEMAS = ['drizzle', 'jobs', 'jobs\\_%'] as const;
