// Outgoing mail: SMTP when configured, else a file drop under <data>/mail/, else (in-memory servers) an outbox array.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import type { Config } from './config.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface SentMail extends MailMessage {
  date: string;
}

/**
 * Messages of servers without a data directory (tests, `KEYFLOW_DATA_DIR=:memory:`), oldest first.
 * Tests read links from here; bounded so a long-running in-memory server cannot grow it forever.
 */
export const outbox: SentMail[] = [];
const OUTBOX_LIMIT = 500;

/** One SMTP connection pool per configuration, created on first use. */
const transports = new WeakMap<Config, Transporter>();

/** Loaded on first mail: most servers send little, and the library costs about 15 MB resident. */
const mailer = async () => (await import('nodemailer')).default;

async function smtpTransport(config: Config): Promise<Transporter> {
  const smtp = config.smtp!;
  let t = transports.get(config);
  if (!t) {
    const nodemailer = await mailer();
    t = nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      auth: smtp.user ? { user: smtp.user, pass: smtp.password } : undefined,
    });
    transports.set(config, t);
  }
  return t;
}

/** Builds the RFC 5322 text of a message without sending it, so the file drop holds real .eml files. */
let renderer: Transporter | null = null;

/** Header values come partly from user input (addresses, names in subjects); a line break would inject headers. */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

function sender(config: Config): string {
  if (config.smtp?.from) return config.smtp.from;
  const host = (() => {
    try {
      return new URL(config.publicUrl).hostname || 'localhost';
    } catch {
      return 'localhost';
    }
  })();
  return `keyflow@${host}`;
}

/** Sends one message. Never logs the body: it holds single-use links. */
export async function sendMail(config: Config, message: MailMessage): Promise<void> {
  const mail = { from: sender(config), to: oneLine(message.to), subject: oneLine(message.subject), text: message.text };
  if (!mail.to) return;

  if (config.smtp) {
    await (await smtpTransport(config)).sendMail(mail);
    return;
  }

  if (!config.dataDir) {
    outbox.push({ to: mail.to, subject: mail.subject, text: mail.text, date: new Date().toISOString() });
    if (outbox.length > OUTBOX_LIMIT) outbox.splice(0, outbox.length - OUTBOX_LIMIT);
    return;
  }

  const dir = path.join(config.dataDir, 'mail');
  mkdirSync(dir, { recursive: true });
  renderer ??= (await mailer()).createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = (await renderer.sendMail(mail)) as { message: Buffer };
  // Sortable by time, unique without coordination between processes.
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
  writeFileSync(file, info.message, { mode: 0o600 });
  console.log(`Mail "${mail.subject}" to ${mail.to} written to ${file}`);
}
