/**
 * Sends the auth emails: rendered from the project's templates, delivered over SMTP to the mail
 * catcher (as GoTrue delivers to Mailpit under `supabase start`). Enforces GoTrue's two email
 * limits: `max_frequency` between two emails of one kind to one address, and, when a custom SMTP
 * server is configured, `rate_limit.email_sent` per hour for the whole project.
 */
import { config } from '../config.ts';
import { sendMail } from '../mail/smtp-client.ts';
import type { AuthEnv } from './context.ts';
import { authError } from './errors.ts';
import { renderEmail, type NotificationKind, type TemplateKind, type TemplateVars } from './email-templates.ts';

export const SENDER = { address: 'noreply@carecover.app', name: 'CareCover' };

function overFrequency(waitSeconds: number) {
  return authError(
    429,
    'over_email_send_rate_limit',
    `For security purposes, you can only request this after ${Math.max(1, Math.ceil(waitSeconds))} seconds.`,
  );
}

/**
 * Refuses (429) a second email of `kind` to `address` within max_frequency, whether or not the
 * address has an account, so the answer tells nothing about who is registered.
 */
export function checkEmailFrequency(env: AuthEnv, kind: string, address: string): void {
  const key = `${kind}:${address.toLowerCase()}`;
  const last = env.emailLog.get(key);
  const now = Date.now();
  const wait = env.settings.emailMaxFrequencySeconds * 1000;
  if (last !== undefined && now - last < wait) throw overFrequency((wait - (now - last)) / 1000);
  env.emailLog.set(key, now);
}

/**
 * A notice about something already done (password or email changed): a mail server that is down
 * must not turn the stored change into an error, so the failure is logged and the request succeeds.
 */
export async function sendNotice(env: AuthEnv, kind: NotificationKind, to: string, vars: TemplateVars): Promise<void> {
  try {
    await sendAuthEmail(env, kind, to, vars);
  } catch (error) {
    process.stderr.write(
      `[auth] could not send the ${kind} notice: ${error instanceof Error ? error.message : String(error)}\n`,
    );
  }
}

export async function sendAuthEmail(
  env: AuthEnv,
  kind: TemplateKind | NotificationKind,
  to: string,
  vars: TemplateVars,
): Promise<void> {
  if (env.settings.smtpEnabled && !env.limiters.emailsSent.take('project')) {
    throw authError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded');
  }
  const rendered = renderEmail(env.settings, kind, vars);
  await sendMail(
    {
      from: SENDER.address,
      fromName: SENDER.name,
      to,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
    },
    { host: config.host, port: env.settings.smtpPort },
  );
}
