/// <reference lib="dom" />
/**
 * Front-end budget of the production build: gzipped JavaScript that `/` and `/login` load in
 * Chromium on `vite preview` until the screen is shown, in English and in French, the larger of
 * the two counted (target < 120 KB each), and the Largest Contentful Paint of `/`
 * (median of 5 cold loads, target < 1.0 s). Uses `dist/` if it exists, otherwise builds it against
 * the local stack (or always, with `{ build: true }` / BENCH_FRONTEND_BUILD=1).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { projectRoot } from '../stack/src/config.ts';
import { launchBrowser, startPreview } from '../tests/support/browser.ts';
import { buildFrontEnd } from './build-front-end.ts';
import { percentile } from './stats.ts';

export interface ScriptSize {
  url: string;
  rawBytes: number;
  gzipBytes: number;
}

export interface PageJs {
  path: string;
  gzipBytes: number;
  rawBytes: number;
  scripts: ScriptSize[];
}

export interface FrontendBench {
  /** The larger of the two languages' loads. */
  root: PageJs;
  login: PageJs;
  /** Each language's gzipped bytes, by path. */
  byLanguage: Record<string, { root: number; login: number }>;
  /** Largest Contentful Paint of `/`, in ms. */
  lcp: { medianMs: number; samplesMs: number[] };
}

const LCP_RUNS = 5;

const catalogue = (file: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(projectRoot, file), 'utf8')) as Record<string, string>;

/** A text each page shows once rendered, in each language: the page's own chunk has loaded by then. */
function readyTexts(language: 'en' | 'fr-CA'): { root: string; login: string } {
  const dashboard = catalogue(`src/i18n/${language}.json`);
  const shared = catalogue(`shared/i18n/catalogues/${language}.json`);
  return { root: dashboard['landing.hero.badge'] as string, login: shared['auth.forgotPassword'] as string };
}

const larger = (a: PageJs, b: PageJs): PageJs => (b.gzipBytes > a.gzipBytes ? b : a);

/**
 * Every JavaScript file a fresh visitor's browser fetches for `pagePath`, until the network is idle
 * (and, when given, until `ready` says the screen is there). `storage` is put in localStorage first,
 * e.g. a stored session for a signed-in first load.
 */
export async function measurePageJs(
  browser: Browser,
  baseUrl: string,
  pagePath: string,
  options: { viewport?: { width: number; height: number }; storage?: Record<string, string>; ready?: string } = {},
): Promise<PageJs> {
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 800 } });
  if (options.storage) {
    await context.addInitScript((entries) => {
      if (location.protocol !== 'http:') return;
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, options.storage);
  }
  const page = await context.newPage();
  const pending: Promise<ScriptSize | null>[] = [];
  page.on('response', (response) => {
    const url = response.url();
    const isJs = response.request().resourceType() === 'script' || /\.m?js(\?|$)/.test(new URL(url).pathname);
    if (!isJs || !url.startsWith(baseUrl)) return;
    pending.push(
      response
        .body()
        .then((body) => ({ url: new URL(url).pathname, rawBytes: body.length, gzipBytes: gzipSync(body).length }))
        .catch(() => null),
    );
  });
  await page.goto(baseUrl + pagePath, { waitUntil: 'networkidle' });
  if (options.ready) await page.getByText(options.ready).first().waitFor();
  const scripts = (await Promise.all(pending)).filter((s): s is ScriptSize => s !== null);
  const unique = [...new Map(scripts.map((s) => [s.url, s])).values()].sort((a, b) => b.gzipBytes - a.gzipBytes);
  await context.close();
  return {
    path: pagePath,
    gzipBytes: unique.reduce((sum, s) => sum + s.gzipBytes, 0),
    rawBytes: unique.reduce((sum, s) => sum + s.rawBytes, 0),
    scripts: unique,
  };
}

/** One cold load of `/` in a fresh context; the last LCP candidate once the page is idle. */
async function measureLcp(browser: Browser, baseUrl: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number };
    w.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(baseUrl + '/', { waitUntil: 'networkidle' });
  // Two frames after idle, so the final paint has been reported.
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => resolve((window as unknown as { __lcp: number }).__lcp)),
        ),
      ),
  );
  await context.close();
  return lcp;
}

export async function benchFrontend(options: { build?: boolean } = {}): Promise<FrontendBench> {
  if (
    options.build ||
    process.env.BENCH_FRONTEND_BUILD === '1' ||
    !existsSync(path.join(projectRoot, 'dist', 'index.html'))
  ) {
    buildFrontEnd();
  }
  const preview = await startPreview();
  const browser = await launchBrowser();
  try {
    let root: PageJs | null = null;
    let login: PageJs | null = null;
    const byLanguage: FrontendBench['byLanguage'] = {};
    for (const language of ['en', 'fr-CA'] as const) {
      // The language a visitor chose on this browser before (shared/i18n/locale.ts).
      const storage = { 'carecover-locale': language };
      const ready = readyTexts(language);
      const r = await measurePageJs(browser, preview.url, '/', { storage, ready: ready.root });
      const l = await measurePageJs(browser, preview.url, '/login', { storage, ready: ready.login });
      byLanguage[language] = { root: r.gzipBytes, login: l.gzipBytes };
      root = root ? larger(root, r) : r;
      login = login ? larger(login, l) : l;
    }
    await measureLcp(browser, preview.url); // warm the preview server's file cache, not counted
    const samplesMs: number[] = [];
    for (let i = 0; i < LCP_RUNS; i += 1) samplesMs.push(await measureLcp(browser, preview.url));
    return {
      root: root as PageJs,
      login: login as PageJs,
      byLanguage,
      lcp: {
        medianMs: percentile(
          [...samplesMs].sort((a, b) => a - b),
          50,
        ),
        samplesMs,
      },
    };
  } finally {
    await browser.close();
    await preview.stop();
  }
}

// `node --import tsx bench/frontend.ts` prints the report on its own.
if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchFrontend();
  const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
  for (const page of [result.root, result.login]) {
    process.stdout.write(`${page.path}: ${kb(page.gzipBytes)} gzipped JS (${kb(page.rawBytes)} raw)\n`);
    for (const s of page.scripts) process.stdout.write(`    ${kb(s.gzipBytes).padStart(9)}  ${s.url}\n`);
  }
  process.stdout.write(
    `LCP of /: median ${result.lcp.medianMs.toFixed(0)} ms (${result.lcp.samplesMs.map((v) => v.toFixed(0)).join(', ')})\n`,
  );
}
