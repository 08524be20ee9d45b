import { randomUUID } from 'node:crypto';
import type { ParsedMail } from 'mailparser';

export interface ReceivedAttachment {
  filename: string;
  contentType: string;
  size: number;
  content: Buffer;
}

export interface ReceivedMail {
  id: string;
  from: string;
  /** Where an answer goes (the broker), '' when the mail names none. */
  replyTo: string;
  to: string[];
  subject: string;
  date: string;
  text: string;
  attachments: ReceivedAttachment[];
}

/** Received mail in memory, newest first, bounded so a long-running dev session cannot grow without end. */
export class MailStore {
  private readonly mails: ReceivedMail[] = [];

  constructor(private readonly capacity: number) {}

  add(parsed: ParsedMail, envelopeTo: string[]): ReceivedMail {
    const mail: ReceivedMail = {
      id: randomUUID(),
      from: parsed.from?.text ?? '',
      replyTo: parsed.replyTo?.text ?? '',
      to: envelopeTo,
      subject: parsed.subject ?? '',
      date: (parsed.date ?? new Date()).toISOString(),
      text: parsed.text ?? '',
      attachments: parsed.attachments.map((a, i) => ({
        filename: a.filename ?? `attachment-${i + 1}`,
        contentType: a.contentType,
        size: a.size,
        content: a.content,
      })),
    };
    this.mails.unshift(mail);
    this.mails.length = Math.min(this.mails.length, this.capacity);
    return mail;
  }

  list(): ReceivedMail[] {
    return [...this.mails];
  }

  find(id: string): ReceivedMail | undefined {
    return this.mails.find((mail) => mail.id === id);
  }
}
