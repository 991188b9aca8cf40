/**
 * Settings of the local stack. Ports, keys and the JWT secret are the ones `supabase start`
 * uses, so one `.env` works against this stack and against the CLI's Docker stack alike.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseToml } from 'smol-toml';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * The project the stack serves: the folder holding `supabase/` (config.toml, migrations, seed,
 * functions, templates), as the Supabase CLI's `--workdir`. This project by default; another
 * Supabase project's folder with STACK_WORKDIR, e.g. to run a library's own live test suites
 * against their fixtures (docs/local-stack.md).
 */
export const workdir = process.env.STACK_WORKDIR ? path.resolve(process.env.STACK_WORKDIR) : projectRoot;
export const supabaseDir = path.join(workdir, 'supabase');

/** Git-ignored home of everything the stack creates at run time. */
export const stateDir = process.env.STACK_STATE_DIR ?? path.join(projectRoot, '.stack');
export const paths = {
  state: stateDir,
  pgData: path.join(stateDir, 'pgdata'),
  pgRun: path.join(stateDir, 'run'),
  logs: path.join(stateDir, 'logs'),
  pids: path.join(stateDir, 'pids'),
  envLocal: path.join(projectRoot, '.env.local'),
};

export const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

/** Password of the `postgres` superuser and of the gateway's `authenticator` login, as under `supabase start`. */
export const DB_PASSWORD = 'postgres';

interface TomlShape {
  api?: { port?: number; schemas?: string[]; extra_search_path?: string[]; max_rows?: number };
  db?: { port?: number };
  studio?: { port?: number };
  local_smtp?: { enabled?: boolean; port?: number; smtp_port?: number };
  auth?: {
    site_url?: string;
    additional_redirect_urls?: string[];
    jwt_expiry?: number;
    enable_refresh_token_rotation?: boolean;
    refresh_token_reuse_interval?: number;
    enable_signup?: boolean;
    enable_anonymous_sign_ins?: boolean;
    enable_manual_linking?: boolean;
    mfa?: Record<'totp' | 'phone' | 'web_authn', { enroll_enabled?: boolean; verify_enabled?: boolean } | undefined>;
    passkey?: { enabled?: boolean };
    web3?: Record<'solana' | 'ethereum', { enabled?: boolean } | undefined>;
    oauth_server?: { enabled?: boolean };
    external?: Record<string, { enabled?: boolean } | undefined>;
    minimum_password_length?: number;
    password_requirements?: string;
    rate_limit?: {
      sign_in_sign_ups?: number;
      token_refresh?: number;
      email_sent?: number;
      token_verifications?: number;
    };
    email?: {
      enable_confirmations?: boolean;
      double_confirm_changes?: boolean;
      secure_password_change?: boolean;
      max_frequency?: string;
      otp_length?: number;
      otp_expiry?: number;
      template?: Record<string, { subject?: string; content_path?: string }>;
      notification?: Record<string, { enabled?: boolean; subject?: string; content_path?: string }>;
      smtp?: { enabled?: boolean; host?: string; port?: number; admin_email?: string; sender_name?: string };
    };
  };
  functions?: Record<string, { verify_jwt?: boolean }>;
}

function readToml(): TomlShape {
  const text = readFileSync(path.join(supabaseDir, 'config.toml'), 'utf8');
  return parseToml(text) as TomlShape;
}

const toml = readToml();

/** A Go duration as config.toml writes them ("1s", "1m0s", "1h30m") in whole seconds. */
export function durationSeconds(value: string): number {
  let total = 0;
  for (const [, amount, unit] of value.matchAll(/(\d+(?:\.\d+)?)(h|m|s)/g)) {
    total += Number(amount) * (unit === 'h' ? 3600 : unit === 'm' ? 60 : 1);
  }
  return total;
}

/**
 * bcrypt's cost for new password hashes: GoTrue's, 10. STACK_AUTH_BCRYPT_COST lowers it for test
 * runs only (`npm test` starts its stack with 4): they make and sign in hundreds of accounts, and a
 * hash at 10 took 60 to 160 ms of the database's CPU each (pg_stat_statements, during the browser
 * tests), a third of its time there. A hash of any cost verifies the same way.
 */
export function passwordHashCost(value: string | undefined): number {
  if (value === undefined || value === '') return 10;
  const cost = Number(value);
  if (!Number.isInteger(cost) || cost < 4 || cost > 31) {
    throw new Error(`STACK_AUTH_BCRYPT_COST must be a whole number from 4 to 31, not "${value}"`);
  }
  return cost;
}

export const config = {
  host: '127.0.0.1',
  apiPort: Number(process.env.STACK_API_PORT ?? toml.api?.port ?? 54321),
  dbPort: Number(process.env.STACK_DB_PORT ?? toml.db?.port ?? 54322),
  appPort: Number(process.env.STACK_APP_PORT ?? 5173),
  /** CareCover Staff, the workers' mobile web app, served beside the dashboard. */
  staffAppPort: Number(process.env.STACK_STAFF_APP_PORT ?? 5174),
  /** The stand-ins for outside services (geocoding, Stripe, push) share one port of their own. */
  standinsPort: Number(process.env.STACK_STANDINS_PORT ?? 54390),
  /** The mail catcher (`[local_smtp]`, as `supabase start` runs it): its web page and API, and its SMTP port. */
  mailPort: Number(process.env.STACK_MAIL_PORT ?? toml.local_smtp?.port ?? 54324),
  smtpPort: Number(process.env.STACK_SMTP_PORT ?? toml.local_smtp?.smtp_port ?? 54325),
  api: {
    schemas: toml.api?.schemas ?? ['public'],
    extraSearchPath: toml.api?.extra_search_path ?? ['public', 'extensions'],
    maxRows: toml.api?.max_rows ?? 1000,
  },
  auth: {
    siteUrl: toml.auth?.site_url ?? 'http://127.0.0.1:3000',
    jwtExpiry: toml.auth?.jwt_expiry ?? 3600,
    refreshTokenRotation: toml.auth?.enable_refresh_token_rotation ?? true,
    refreshTokenReuseInterval: toml.auth?.refresh_token_reuse_interval ?? 10,
    enableSignup: toml.auth?.enable_signup ?? true,
    enableAnonymousSignIns: toml.auth?.enable_anonymous_sign_ins ?? false,
    minimumPasswordLength: toml.auth?.minimum_password_length ?? 6,
    passwordHashCost: passwordHashCost(process.env.STACK_AUTH_BCRYPT_COST),
    /** The CLI's named character-set rule (`letters_digits`, …); '' for none. */
    passwordRequirements: toml.auth?.password_requirements ?? '',
    /** STACK_AUTH_ENABLE_CONFIRMATIONS=true runs a stack as production does (the deployment guide's setting). */
    enableConfirmations:
      process.env.STACK_AUTH_ENABLE_CONFIRMATIONS !== undefined
        ? process.env.STACK_AUTH_ENABLE_CONFIRMATIONS === 'true'
        : (toml.auth?.email?.enable_confirmations ?? false),
    /** Sign-ups and sign-ins per IP per 5 minutes (GoTrue's RATE_LIMIT_TOKEN_REFRESH-style window). */
    signInSignUpsPer5Min: toml.auth?.rate_limit?.sign_in_sign_ups ?? 30,
    tokenRefreshPer5Min: toml.auth?.rate_limit?.token_refresh ?? 150,
    additionalRedirectUrls: toml.auth?.additional_redirect_urls ?? [],
    /** Emails per hour, across the project (GoTrue's RATE_LIMIT_EMAIL_SENT). */
    emailsPerHour: toml.auth?.rate_limit?.email_sent ?? 2,
    tokenVerificationsPer5Min: toml.auth?.rate_limit?.token_verifications ?? 30,
    doubleConfirmChanges: toml.auth?.email?.double_confirm_changes ?? true,
    securePasswordChange: toml.auth?.email?.secure_password_change ?? false,
    /** Seconds between two emails of one kind to one user (`max_frequency`, e.g. "1s", "1m0s"). */
    emailMaxFrequencySeconds: durationSeconds(toml.auth?.email?.max_frequency ?? '1m0s'),
    otpLength: toml.auth?.email?.otp_length ?? 6,
    /** Seconds an emailed link or code stays valid; STACK_AUTH_OTP_EXPIRY lets tests shorten it. */
    otpExpirySeconds: Number(process.env.STACK_AUTH_OTP_EXPIRY ?? toml.auth?.email?.otp_expiry ?? 3600),
    /** `[auth.email.smtp] enabled`: a custom SMTP server, the only case GoTrue applies `email_sent`. */
    smtpEnabled: toml.auth?.email?.smtp?.enabled ?? false,
    /** Where the local auth delivers its emails: the mail catcher's SMTP port (tests point it elsewhere). */
    smtpPort: Number(process.env.STACK_SMTP_PORT ?? toml.local_smtp?.smtp_port ?? 54325),
    /**
     * Features GoTrue answers "… is disabled" for while they are off: config.toml's switches, as
     * the CLI passes them to GoTrue. SAML has no switch in config.toml (off under `supabase start`).
     */
    features: {
      saml: false,
      manualLinking: toml.auth?.enable_manual_linking ?? false,
      mfa: {
        totp: {
          enroll: toml.auth?.mfa?.totp?.enroll_enabled ?? false,
          verify: toml.auth?.mfa?.totp?.verify_enabled ?? false,
        },
        phone: {
          enroll: toml.auth?.mfa?.phone?.enroll_enabled ?? false,
          verify: toml.auth?.mfa?.phone?.verify_enabled ?? false,
        },
        webauthn: {
          enroll: toml.auth?.mfa?.web_authn?.enroll_enabled ?? false,
          verify: toml.auth?.mfa?.web_authn?.verify_enabled ?? false,
        },
      },
      passkey: toml.auth?.passkey?.enabled ?? false,
      web3: {
        solana: toml.auth?.web3?.solana?.enabled ?? false,
        ethereum: toml.auth?.web3?.ethereum?.enabled ?? false,
      },
      oauthServer: toml.auth?.oauth_server?.enabled ?? false,
      /** `[auth.external.<provider>] enabled` (apple, google, azure, …). */
      externalProviders: Object.fromEntries(
        Object.entries(toml.auth?.external ?? {}).map(([name, p]) => [name, p?.enabled === true]),
      ) as Record<string, boolean>,
    },
    emailTemplates: toml.auth?.email?.template ?? {},
    emailNotifications: toml.auth?.email?.notification ?? {},
  },
  functions: toml.functions ?? {},
};

export const apiUrl = `http://${config.host}:${config.apiPort}`;
export const standinsUrl = `http://${config.host}:${config.standinsPort}`;
export const mailUrl = `http://${config.host}:${config.mailPort}`;
export const functionsDir = process.env.STACK_FUNCTIONS_DIR ?? path.join(supabaseDir, 'functions');
export const dbUrl = (user = 'postgres', password = DB_PASSWORD): string =>
  `postgresql://${user}:${password}@${config.host}:${config.dbPort}/postgres`;
