/**
 * One guard for every browser test: an uncaught exception in a page, or an error React (or any
 * code) logs to the console, fails the test it happened in. `launchBrowser` attaches the guard to
 * every context it creates; the e2e project's setup file checks it after each test.
 *
 * Refused network requests are not errors of the page (tests provoke 401s, 404s and 503s on
 * purpose, and stop the gateway under an open dashboard), so Chromium's "Failed to load resource"
 * and refused WebSocket lines are left to the tests that care.
 */
import type { Browser, BrowserContext } from 'playwright-core';

const problems: string[] = [];
let allowed: RegExp[] = [];

const IGNORED_CONSOLE = [/^Failed to load resource: /, /^WebSocket connection to '[^']*' failed: /];

function record(problem: string): void {
  if (allowed.some((pattern) => pattern.test(problem))) return;
  problems.push(problem);
}

function guardContext(context: BrowserContext): void {
  context.on('weberror', (error) => {
    const e = error.error();
    record(`uncaught ${e.name}: ${e.message}${error.page() ? ` on ${error.page()?.url()}` : ''}`);
  });
  context.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (IGNORED_CONSOLE.some((pattern) => pattern.test(text))) return;
    record(`console.error: ${text.slice(0, 500)} (${message.page()?.url() ?? 'no page'})`);
  });
}

/** Every context of this browser is guarded, whoever creates it. */
export function guardBrowser(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args);
    guardContext(context);
    return context;
  };
  return browser;
}

/**
 * For the test that provokes an error on purpose (a panel made to throw): problems matching the
 * pattern are expected until the end of the current test.
 */
export function allowPageErrors(pattern: RegExp): void {
  allowed.push(pattern);
}

/** The problems seen since the last call, and a fresh start for the next test. */
export function takePageProblems(): string[] {
  const seen = problems.splice(0);
  allowed = [];
  return seen;
}
