/** The mail catcher: SMTP in, the inbox page and the JSON API the tests read emails through. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailUrl } from '../src/config.ts';
import { startMailCatcher, type MailCatcher } from '../src/mail/catcher.ts';
import { sendMail } from '../src/mail/smtp-client.ts';
import type { CaughtMessage } from '../src/mail/store.ts';

let catcher: MailCatcher;

beforeAll(async () => {
  catcher = await startMailCatcher({ port: 0, smtpPort: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await catcher.close();
});

const smtp = () => ({ host: '127.0.0.1', port: catcher.smtpPort });

describe('mail catcher', () => {
  it('catches a message sent over SMTP with its subject, text and HTML, newest first', async () => {
    await fetch(`${catcher.url}/api/v1/messages`, { method: 'DELETE' });
    await sendMail(
      {
        from: 'noreply@carecover.app',
        fromName: 'CareCover',
        to: 'owner@agency.example',
        subject: 'Réinitialiser: reset your password',
        // A line that starts with a dot must survive SMTP's dot-stuffing.
        text: 'Hello\n.leading dot line\nhttp://127.0.0.1:54321/auth/v1/verify?token=abc&type=recovery',
        html: '<p>Hello <a href="http://127.0.0.1:54321/auth/v1/verify?token=abc">Reset</a></p>',
      },
      smtp(),
    );
    await sendMail(
      { from: 'noreply@carecover.app', to: 'other@agency.example', subject: 'Second', text: 'two', html: '<p>two</p>' },
      smtp(),
    );
    const res = await fetch(`${catcher.url}/api/v1/messages`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { total: number; messages: CaughtMessage[] };
    expect(body.total).toBe(2);
    expect(body.messages.map((m) => m.subject)).toEqual(['Second', 'Réinitialiser: reset your password']);
    const first = body.messages[1]!;
    expect(first.to).toEqual(['owner@agency.example']);
    expect(first.from).toBe('CareCover <noreply@carecover.app>');
    expect(first.text).toBe('Hello\n.leading dot line\nhttp://127.0.0.1:54321/auth/v1/verify?token=abc&type=recovery');
    expect(first.html).toContain('<a href="http://127.0.0.1:54321/auth/v1/verify?token=abc">Reset</a>');

    const one = await fetch(`${catcher.url}/api/v1/message/${first.id}`);
    expect(((await one.json()) as CaughtMessage).subject).toBe(first.subject);
    const search = (await (await fetch(`${catcher.url}/api/v1/search?query=OWNER@agency.example`)).json()) as {
      messages: CaughtMessage[];
    };
    expect(search.messages.map((m) => m.id)).toEqual([first.id]);
  });

  it('lists mail on a page that escapes what senders wrote, and frames their HTML sandboxed', async () => {
    await sendMail(
      {
        from: 'x@example.com',
        to: 'a@example.com',
        subject: '<script>alert(1)</script>',
        text: 'hi',
        html: '<b>hi</b>',
      },
      smtp(),
    );
    const page = await (await fetch(`${catcher.url}/`)).text();
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script>alert(1)');
    const id = catcher.store.list()[0]!.id;
    const message = await (await fetch(`${catcher.url}/message/${id}`)).text();
    expect(message).toMatch(
      /<iframe[^>]+sandbox="allow-popups allow-popups-to-escape-sandbox"[^>]+src="\/message\/[^"]+\/html"/,
    );
  });

  it('empties on DELETE and answers 404 for an unknown message', async () => {
    expect((await fetch(`${catcher.url}/api/v1/messages`, { method: 'DELETE' })).status).toBe(200);
    expect(catcher.store.list()).toHaveLength(0);
    expect((await fetch(`${catcher.url}/api/v1/message/nope`)).status).toBe(404);
  });

  it('runs with the local stack on its documented port', async () => {
    const res = await fetch(`${mailUrl}/api/v1/messages`);
    expect(res.status).toBe(200);
  });
});

describe('mail catcher ports', () => {
  it('says which variable to set when its port is taken', async () => {
    await expect(startMailCatcher({ port: catcher.port, smtpPort: 0, host: '127.0.0.1' })).rejects.toThrow(
      /port \d+ is in use.*STACK_MAIL_PORT/,
    );
    await expect(startMailCatcher({ port: 0, smtpPort: catcher.smtpPort, host: '127.0.0.1' })).rejects.toThrow(
      /port \d+ is in use.*STACK_SMTP_PORT/,
    );
  });
});
