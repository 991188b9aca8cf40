/**
 * The mail catcher's SMTP side (RFC 5321, the part a sender needs): HELO/EHLO, MAIL FROM, RCPT TO,
 * DATA with dot-unstuffing, RSET, NOOP, QUIT. No TLS and no AUTH (AUTH is accepted and ignored, so a
 * client configured with credentials still delivers): it listens on loopback only and keeps mail in
 * memory. Mailpit and Inbucket play this part under `supabase start`.
 */
import net, { type AddressInfo } from 'node:net';
import { decodeEncodedWords, parseMail } from './mime.ts';
import type { MailStore } from './store.ts';

const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

const address = (arg: string): string => /<([^>]*)>/.exec(arg)?.[1]?.trim() ?? arg.replace(/^[^:]*:/, '').trim();

export interface SmtpServer {
  port: number;
  close(): Promise<void>;
}

export async function startSmtpServer(store: MailStore, port: number, host: string): Promise<SmtpServer> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setEncoding('utf8');
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let from = '';
    let to: string[] = [];
    let data: string[] | null = null;
    let dataBytes = 0;
    let buffered = '';
    reply('220 carecover-mail-catcher ESMTP ready');

    const finishData = () => {
      const raw = (data ?? []).join('\r\n');
      data = null;
      const parsed = parseMail(raw);
      store.add({
        from: decodeEncodedWords(parsed.headers.from ?? from),
        to,
        subject: parsed.subject,
        text: parsed.text,
        html: parsed.html,
        headers: parsed.headers,
      });
      from = '';
      to = [];
      reply('250 OK: message caught');
    };

    const command = (line: string) => {
      const verb = line.slice(0, 4).toUpperCase();
      const arg = line.slice(4).trim();
      switch (verb) {
        case 'HELO':
          return reply('250 carecover-mail-catcher');
        case 'EHLO':
          socket.write('250-carecover-mail-catcher\r\n250-8BITMIME\r\n250-AUTH PLAIN LOGIN\r\n');
          return reply(`250 SIZE ${MAX_MESSAGE_BYTES}`);
        case 'AUTH':
          return reply('235 Authentication accepted');
        case 'MAIL':
          from = address(arg);
          to = [];
          return reply('250 OK');
        case 'RCPT':
          if (!from) return reply('503 MAIL FROM first');
          to.push(address(arg));
          return reply('250 OK');
        case 'DATA':
          if (to.length === 0) return reply('503 RCPT TO first');
          data = [];
          dataBytes = 0;
          return reply('354 End data with <CR><LF>.<CR><LF>');
        case 'RSET':
          from = '';
          to = [];
          return reply('250 OK');
        case 'NOOP':
          return reply('250 OK');
        case 'QUIT':
          reply('221 Bye');
          return socket.end();
        default:
          return reply('502 Command not implemented');
      }
    };

    socket.on('data', (chunk: string) => {
      buffered += chunk;
      let newline = buffered.indexOf('\n');
      while (newline >= 0) {
        const line = buffered.slice(0, newline).replace(/\r$/, '');
        buffered = buffered.slice(newline + 1);
        if (data) {
          if (line === '.') finishData();
          else {
            dataBytes += line.length + 2;
            if (dataBytes > MAX_MESSAGE_BYTES) {
              data = null;
              reply('552 Message too large');
            } else data.push(line.startsWith('.') ? line.slice(1) : line);
          }
        } else {
          command(line);
        }
        newline = buffered.indexOf('\n');
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
