import type { ReceivedMail } from './mailStore.js';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Every received message with its text and attachment links; all mail content is escaped. */
export function mailboxPage(mails: ReceivedMail[], basePath: string): string {
  const rows = mails
    .map((mail) => {
      const links = mail.attachments
        .map((a, i) => `<a href="${basePath}/${mail.id}/attachments/${i}">${escapeHtml(a.filename)}</a> (${a.size} bytes)`)
        .join('<br>');
      return `<tr>
  <td>${escapeHtml(mail.date)}</td><td>${escapeHtml(mail.from)}</td><td>${escapeHtml(mail.to.join(', '))}</td>
  <td><details><summary>${escapeHtml(mail.subject || '(no subject)')}</summary><pre>${escapeHtml(mail.text)}</pre></details></td>
  <td>${links || '-'}</td>
</tr>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title>
<style>body{font:14px system-ui,sans-serif;margin:2rem}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left;vertical-align:top}pre{white-space:pre-wrap}</style>
</head><body>
<h1>Dev mailbox</h1>
<p>${mails.length} message(s) received by the local SMTP server. Nothing here was delivered to a real mailbox.</p>
<table><thead><tr><th>Date</th><th>From</th><th>To</th><th>Subject</th><th>Attachments</th></tr></thead>
<tbody>${rows || '<tr><td colspan="5">No messages yet</td></tr>'}</tbody></table>
</body></html>`;
}
