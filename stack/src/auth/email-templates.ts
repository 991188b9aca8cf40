/**
 * The auth emails' subjects and bodies, from config.toml's `[auth.email.template.<kind>]` and
 * `[auth.email.notification.<kind>]` as the Supabase CLI reads them (content_path relative to the
 * project folder). GoTrue renders them with Go's html/template; the variables used here are the ones
 * it provides, HTML-escaped the same way, and `.Data` is the user's user_metadata, as GoTrue gives
 * every template. The plain-text part is the `.txt` beside the HTML when there is one, else the HTML
 * without its tags.
 *
 * Of Go's template language the stack speaks only what the project's templates use (go-template.ts):
 * a template using anything more fails here, loudly, rather than rendering differently from hosted
 * Auth.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { workdir } from '../config.ts';
import type { AuthSettings } from './context.ts';
import { executeGoTemplate } from './go-template.ts';

export type TemplateKind = 'confirmation' | 'recovery' | 'email_change' | 'magic_link' | 'invite' | 'reauthentication';
export type NotificationKind = 'email_changed' | 'password_changed';

export interface TemplateVars {
  ConfirmationURL?: string;
  Token?: string;
  TokenHash?: string;
  SiteURL?: string;
  Email?: string;
  NewEmail?: string;
  OldEmail?: string;
  RedirectTo?: string;
  /** The recipient's user_metadata (GoTrue's `.Data`): the templates choose the language by its `locale`. */
  Data?: Record<string, unknown> | null;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

// GoTrue's own defaults, used when config.toml names no template for a kind.
const DEFAULTS: Record<TemplateKind | NotificationKind, { subject: string; html: string }> = {
  confirmation: {
    subject: 'Confirm Your Signup',
    html: '<h2>Confirm your signup</h2><p>Follow this link to confirm your user:</p><p><a href="{{ .ConfirmationURL }}">Confirm your mail</a></p><p>Alternatively, enter the code: {{ .Token }}</p>',
  },
  recovery: {
    subject: 'Reset Your Password',
    html: '<h2>Reset Password</h2><p>Follow this link to reset the password for your user:</p><p><a href="{{ .ConfirmationURL }}">Reset Password</a></p><p>Alternatively, enter the code: {{ .Token }}</p>',
  },
  email_change: {
    subject: 'Confirm Email Change',
    html: '<h2>Confirm email address change</h2><p>Follow this link to confirm the update of your email address from {{ .Email }} to {{ .NewEmail }}:</p><p><a href="{{ .ConfirmationURL }}">Change email address</a></p><p>Alternatively, enter the code: {{ .Token }}</p>',
  },
  magic_link: {
    subject: 'Your Magic Link',
    html: '<h2>Magic Link</h2><p>Follow this link to login:</p><p><a href="{{ .ConfirmationURL }}">Log In</a></p><p>Alternatively, enter the code: {{ .Token }}</p>',
  },
  reauthentication: {
    subject: 'Confirm Reauthentication',
    html: '<h2>Confirm reauthentication</h2><p>Enter the code: {{ .Token }}</p>',
  },
  invite: {
    subject: 'You have been invited',
    html: '<h2>You have been invited</h2><p>You have been invited to create a user on {{ .SiteURL }}. Follow this link to accept the invite:</p><p><a href="{{ .ConfirmationURL }}">Accept the invite</a></p>',
  },
  email_changed: {
    subject: 'Your email address has been changed',
    html: '<p>The email address for your account has been changed from {{ .OldEmail }} to {{ .Email }}.</p>',
  },
  password_changed: {
    subject: 'Your password has been changed',
    html: '<p>This is a confirmation that the password for your account {{ .Email }} has just been changed.</p>',
  },
};

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' })[c] ?? c);

export function renderTemplate(template: string, vars: TemplateVars, escape: boolean): string {
  return executeGoTemplate(template, { ...vars, Data: vars.Data ?? {} }, escape ? escapeHtml : (value) => value);
}

export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style|title)[\s\S]*?<\/\1>/gi, '')
    .replace(/<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, '$2: $1')
    .replace(/<(br|\/p|\/h\d|\/tr|\/div)[^>]*>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#34;|&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n\s*/g, '\n\n')
    .trim();
}

function readTemplateFile(contentPath: string | undefined): { html: string; text?: string } | null {
  if (!contentPath) return null;
  const file = path.resolve(workdir, contentPath);
  if (!existsSync(file)) return null;
  const textFile = file.replace(/\.html?$/i, '.txt');
  return {
    html: readFileSync(file, 'utf8'),
    text: textFile !== file && existsSync(textFile) ? readFileSync(textFile, 'utf8') : undefined,
  };
}

export function renderEmail(
  settings: Pick<AuthSettings, 'emailTemplates' | 'emailNotifications'>,
  kind: TemplateKind | NotificationKind,
  vars: TemplateVars,
): RenderedEmail {
  const configured =
    kind === 'email_changed' || kind === 'password_changed'
      ? settings.emailNotifications[kind]
      : settings.emailTemplates[kind];
  const file = readTemplateFile(configured?.content_path);
  const html = renderTemplate(file?.html ?? DEFAULTS[kind].html, vars, true);
  return {
    subject: renderTemplate(configured?.subject ?? DEFAULTS[kind].subject, vars, false),
    html,
    text: file?.text !== undefined ? renderTemplate(file.text, vars, false) : htmlToText(html),
  };
}

/** Whether a notification email is switched on (`enabled = true` in its section). */
export function notificationEnabled(
  settings: Pick<AuthSettings, 'emailNotifications'>,
  kind: NotificationKind,
): boolean {
  return settings.emailNotifications[kind]?.enabled === true;
}
