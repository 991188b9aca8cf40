/** Debian's Chromium driven by playwright-core, and the built dashboard served by `vite preview`. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';
import { inject } from 'vitest';
import { paths, projectRoot } from '../../stack/src/config.ts';
import { freePort } from './free-port.ts';
import { guardBrowser } from './page-guard.ts';

export const screenshotsDir = path.join(paths.state, 'screenshots');

/**
 * Debian's Chromium for the tests: its headless shell (package chromium-headless-shell, the same
 * Blink and V8 without the browser's windowing layer, which is what Playwright itself runs headless)
 * where installed, as it drives the same pages on about a third less CPU; else the full browser.
 * CHROMIUM_PATH picks another.
 */
export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';
}
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * Chromium for one test file. Browser files of a worker share their modules (vitest.config.ts,
 * isolate: false), and so one Chromium: starting one costs about 1.6 CPU-seconds, paid once per
 * worker rather than once per file. What a file gets is a view of it whose close() closes the
 * contexts (pages, storage, service workers) that file opened, so files stay as separate as before.
 * Playwright ends the Chromium itself when the worker exits.
 */
export async function launchBrowser(): Promise<Browser> {
  shared ??= startChromium().then((browser) => {
    browser.on('disconnected', () => (shared = null));
    return browser;
  });
  return fileView(await shared);
}
let shared: Promise<Browser> | null = null;

async function startChromium(): Promise<Browser> {
  mkdirSync(screenshotsDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // V8's baseline tiers only (Ignition and Sparkplug; no Maglev or TurboFan). A test page lives
      // seconds: optimizing its code never paid back, and the optimizing compilers' threads took a
      // quarter of the renderers' CPU on cores the pages, the gateway and Postgres share. Seven
      // browser files: Chromium 230-267 CPU-s and 176-191 s with them, 177-200 CPU-s and 148-156 s
      // without. The pages' JavaScript means the same either way.
      '--js-flags=--max-opt=1',
    ],
  });
  return guardBrowser(browser);
}

function fileView(browser: Browser): Browser {
  const opened = new Set<BrowserContext>();
  const newContext = async (options?: BrowserContextOptions): Promise<BrowserContext> => {
    // Pages ask for reduced motion unless a test says otherwise, as people with vestibular
    // disorders do: the app then stops its spinners, skeleton pulses and transitions at their end
    // state (shared/styles/reduced-motion.css, the theme's respectReducedMotion), which app-shell's
    // tests check against a page that asks for motion. Drawing those animations was a sixth of
    // Chromium's CPU in the browser tests (four files: renderers 65 → 56 CPU-s, compositing 9 → 4);
    // what the tests check does not move.
    const context = await browser.newContext({ reducedMotion: 'reduce', ...options });
    opened.add(context);
    context.on('close', () => opened.delete(context));
    return context;
  };
  const view: Partial<Browser> = {
    newContext,
    // As Browser.newPage: a page in a context of its own, closed with it.
    newPage: async (options?: BrowserContextOptions) => {
      const context = await newContext(options);
      const page = await context.newPage();
      page.on('close', () => void context.close().catch(() => undefined));
      return page;
    },
    contexts: () => [...opened],
    close: async () => {
      await Promise.all([...opened].map((context) => context.close().catch(() => undefined)));
    },
  };
  return new Proxy(browser, {
    get(target, property, receiver) {
      if (property in view) return view[property as keyof Browser];
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * The Vite dev server, as `npm start` serves the dashboard: React's StrictMode mounts every effect
 * twice here (not in a production build), which is where a subscription that cannot survive a
 * double mount breaks.
 */
export async function startDevServer(env: Record<string, string>): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ['node_modules/vite/bin/vite.js', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    { cwd: projectRoot, stdio: 'ignore', env: { ...process.env, ...env } },
  );
  return served(`http://127.0.0.1:${port}`, child, 60_000);
}

async function served(
  url: string,
  child: ChildProcess,
  timeoutMs: number,
): Promise<{ url: string; stop(): Promise<void> }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      if (Date.now() > deadline || child.exitCode !== null) {
        child.kill('SIGTERM');
        throw new Error(`no server answered on ${url}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

type Served = Awaited<ReturnType<typeof served>>;

/**
 * Starts `vite preview` of one built app on a free port: the dashboard's `dist/` (or PREVIEW_DIST),
 * or CareCover Staff's `dist-staff/` (or STAFF_PREVIEW_DIST) on its own origin, with its own service
 * worker and headers, as a separate host serves it. Several developers can test their own builds
 * side by side: the variables pick the folders.
 */
export async function servePreview(app: 'dashboard' | 'staff'): Promise<Served> {
  const port = await freePort();
  const outDir = app === 'dashboard' ? process.env.PREVIEW_DIST : process.env.STAFF_PREVIEW_DIST;
  const child: ChildProcess = spawn(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      'preview',
      ...(app === 'staff' ? ['--config', 'staff/vite.config.ts'] : []),
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--strictPort',
      ...(outDir ? ['--outDir', outDir] : []),
    ],
    { cwd: projectRoot, stdio: 'ignore' },
  );
  return served(`http://127.0.0.1:${port}`, child, 30_000);
}

/** The preview the browser run shares (tests/e2e/global-previews.ts); stopping it is the run's job. */
function sharedPreview(key: 'dashboardPreviewUrl' | 'staffPreviewUrl'): Served | null {
  let url: string | undefined;
  try {
    url = inject(key);
  } catch {
    // Outside a Vitest worker (a script): there is nothing shared.
  }
  return url ? { url, stop: async () => {} } : null;
}

/** The built dashboard: the run's shared preview, or one of its own. */
export async function startPreview(): Promise<Served> {
  return sharedPreview('dashboardPreviewUrl') ?? servePreview('dashboard');
}

/** The built CareCover Staff: the run's shared preview, or one of its own. */
export async function startStaffPreview(): Promise<Served> {
  return sharedPreview('staffPreviewUrl') ?? servePreview('staff');
}
