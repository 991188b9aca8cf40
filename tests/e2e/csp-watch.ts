/// <reference lib="dom" />
/** Collects every Content-Security-Policy violation a browser context reports, across navigations. */
import type { BrowserContext } from 'playwright-core';

export async function watchCsp(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  // The event reaches a binding in Node, so reports from pages that have since navigated are kept.
  await context.exposeBinding('__reportCspViolation', (_source, text: string) => violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCspViolation(text: string): void }).__reportCspViolation;
      report(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} on ${location.pathname}: ${e.sample}`);
    });
  });
  // Chromium also logs each refusal to the console (e.g. one found before the listener was added).
  context.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      violations.push(`console: ${message.text()}`);
    }
  });
  return violations;
}
