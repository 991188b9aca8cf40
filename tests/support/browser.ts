/** Debian's Chromium driven by playwright-core, and the built dashboard served by `vite preview`. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { paths, projectRoot } from '../../stack/src/config.ts';
import { freePort } from './free-port.ts';
import { guardBrowser } from './page-guard.ts';

export const screenshotsDir = path.join(paths.state, 'screenshots');

export async function launchBrowser(): Promise<Browser> {
  mkdirSync(screenshotsDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return guardBrowser(browser);
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

/**
 * Serves `dist-staff/` (or STAFF_PREVIEW_DIST), CareCover Staff as built by the test pipeline, on a
 * free port: its own origin, service worker and headers, as a separate host serves it.
 */
export async function startStaffPreview(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      'preview',
      '--config',
      'staff/vite.config.ts',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--strictPort',
      ...(process.env.STAFF_PREVIEW_DIST ? ['--outDir', process.env.STAFF_PREVIEW_DIST] : []),
    ],
    { cwd: projectRoot, stdio: 'ignore' },
  );
  return served(`http://127.0.0.1:${port}`, child, 30_000);
}

/** Serves `dist/` (or PREVIEW_DIST), built by the test pipeline against the local stack, on a free port. */
export async function startPreview(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      'preview',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--strictPort',
      // Several developers can test their own builds side by side: PREVIEW_DIST picks the folder.
      ...(process.env.PREVIEW_DIST ? ['--outDir', process.env.PREVIEW_DIST] : []),
    ],
    { cwd: projectRoot, stdio: 'ignore' },
  );
  return served(`http://127.0.0.1:${port}`, child, 30_000);
}
