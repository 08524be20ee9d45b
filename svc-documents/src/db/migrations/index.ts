import { inboxMigrations, outboxMigrations, type Migration } from '@printpool/service-kit';
import { createAttachments } from './002-attachments.js';
import { createEmailLogs } from './001-email-logs.js';
import { createTenantProfiles } from './003-tenant-profiles.js';
import { allowSendingEmails } from './004-email-sending.js';
import { createMailOutbox } from './005-mail-outbox.js';
import { addCompanyLetterhead } from './006-company-letterhead.js';
import { addAccountEmail } from './007-account-email.js';
import { allowInvitationEmails } from './008-invitation-emails.js';
import { addEmailSender } from './009-email-sender.js';
import { createMailSendKeys } from './010-mail-send-keys.js';
import { addStatementEmails } from './011-statement-emails.js';
import { createStatementSchedules } from './012-statement-schedules.js';
import { allowAlertDigestEmails } from './013-alert-digest-emails.js';

export const migrations: Migration[] = [
  ...outboxMigrations,
  ...inboxMigrations,
  createEmailLogs,
  createAttachments,
  createTenantProfiles,
  allowSendingEmails,
  createMailOutbox,
  addCompanyLetterhead,
  addAccountEmail,
  allowInvitationEmails,
  addEmailSender,
  createMailSendKeys,
  addStatementEmails,
  createStatementSchedules,
  allowAlertDigestEmails,
];
