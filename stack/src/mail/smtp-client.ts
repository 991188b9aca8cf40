/**
 * Sends one message over SMTP: how the local auth server delivers its emails to the mail catcher,
 * as GoTrue delivers to Mailpit under `supabase start` (and to the project's SMTP server in
 * production). Plain SMTP on loopback, a text and an HTML alternative, UTF-8 in base64.
 */
import net from 'node:net';
import { randomUUID } from 'node:crypto';

export interface OutgoingMail {
  from: string;
  fromName?: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

const encodeWord = (value: string): string =>
  /^[\x20-\x7e]*$/.test(value) ? value : `=?utf-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;

const base64Lines = (value: string): string =>
  (
    Buffer.from(value, 'utf8')
      .toString('base64')
      .match(/.{1,76}/g) ?? []
  ).join('\r\n');

export function buildMessage(mail: OutgoingMail): string {
  const boundary = `carecover-${randomUUID()}`;
  const from = mail.fromName ? `${encodeWord(mail.fromName)} <${mail.from}>` : mail.from;
  return [
    `From: ${from}`,
    `To: ${mail.to}`,
    `Subject: ${encodeWord(mail.subject)}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${randomUUID()}@carecover.local>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(mail.text),
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(mail.html),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/** Resolves once the server accepted the message; rejects with its reply otherwise. */
export function sendMail(
  mail: OutgoingMail,
  server: { host: string; port: number },
  timeoutMs = 10_000,
): Promise<void> {
  const steps = [
    'EHLO carecover.local',
    `MAIL FROM:<${mail.from}>`,
    `RCPT TO:<${mail.to}>`,
    'DATA',
    // Dot-stuffing: a line starting with '.' gets one more.
    `${buildMessage(mail).replace(/^\./gm, '..')}\r\n.`,
    'QUIT',
  ];
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, server.host);
    socket.setEncoding('utf8');
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error('SMTP server timed out')));
    let step = -1;
    let buffered = '';
    socket.on('error', reject);
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      // A reply is complete at a line whose code is followed by a space (not '-', a continuation).
      const lines = buffered.split('\r\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (!/^\d{3} /.test(line)) continue;
        const code = Number(line.slice(0, 3));
        if (code >= 400) {
          socket.destroy();
          reject(new Error(`SMTP server refused: ${line}`));
          return;
        }
        step += 1;
        if (step < steps.length) socket.write(`${steps[step]}\r\n`);
        else {
          socket.end();
          resolve();
        }
      }
    });
  });
}
