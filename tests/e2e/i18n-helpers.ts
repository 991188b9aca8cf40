/// <reference lib="dom" />
/**
 * Checks of a page shown in French (issue 29), shared by the browser tests: no text left in
 * English, nothing wider than the screen (French runs about a fifth longer), and `<html lang>`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { projectRoot } from '../../stack/src/config.ts';

const catalogue = (file: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(projectRoot, file), 'utf8')) as Record<string, string>;

/**
 * The English entries of the catalogue folders that French says differently (a shared word like
 * "Notifications" is no sign): the text around any placeholder or tag, which is what a screen shows.
 */
export function englishOnly(folders: string[]): string[] {
  const texts = new Set<string>();
  const frenchTexts = folders.flatMap((folder) => Object.values(catalogue(`${folder}/fr-CA.json`)));
  for (const folder of folders) {
    const english = catalogue(`${folder}/en.json`);
    const french = catalogue(`${folder}/fr-CA.json`);
    for (const [key, text] of Object.entries(english)) {
      const pieces = text.split(/\{[^}]*\}|<\/?\d+>/).map((p) => p.trim());
      if (text === french[key]) continue;
      // A piece French says too ('Notifications,' of 'Notifications, {count} unread') is no sign.
      for (const piece of pieces)
        if (piece.length >= 4 && !frenchTexts.some((f) => f.includes(piece))) texts.add(piece);
    }
  }
  return [...texts];
}

export const DASHBOARD_ENGLISH = englishOnly(['shared/i18n/catalogues', 'src/i18n']);
export const STAFF_ENGLISH = englishOnly(['shared/i18n/catalogues', 'staff/src/i18n']);

/**
 * Every visible text node and accessible label of the page (or of the elements `within` selects,
 * for a page only partly translated yet) that says an English entry, but for text marked
 * `lang="en"` on purpose.
 */
export async function englishLeft(page: Page, english: string[], within?: string): Promise<string[]> {
  const shown = await page.evaluate((selector) => {
    const texts: string[] = [];
    const roots = selector ? [...document.querySelectorAll(selector)] : [document.body];
    for (const root of roots) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        const text = node.textContent?.trim();
        if (!parent || !text) continue;
        // Text marked as English on purpose (the language switch names English in English) is no sign.
        if (parent.closest('[lang]')?.getAttribute('lang')?.startsWith('en')) continue;
        const style = getComputedStyle(parent);
        if (style.display === 'none' || style.visibility === 'hidden') continue;
        texts.push(text);
      }
      const labelled = [...root.querySelectorAll('[aria-label], [placeholder], [title]')];
      if (root !== document.body) labelled.push(root);
      for (const el of labelled) {
        for (const name of ['aria-label', 'placeholder', 'title']) {
          const value = el.getAttribute(name);
          if (value) texts.push(value);
        }
      }
    }
    if (!selector) texts.push(document.title);
    return texts;
  }, within);
  return shown.filter((text) => english.some((entry) => text === entry || (entry.length > 12 && text.includes(entry))));
}

/** How far the page is wider than the window (0 or less: nothing sticks out sideways). */
export async function overflow(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() => resolve(document.documentElement.scrollWidth - window.innerWidth)),
      ),
  );
}

/**
 * Elements whose own text is cut: wider or taller than their box while clipping it (an ellipsis,
 * hidden overflow). Names (an agency's, a shift's skill) may be truncated on purpose: pass them.
 */
export async function clippedTexts(page: Page, allowed: string[] = []): Promise<string[]> {
  const clipped = await page.evaluate(() => {
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (
        !el.childNodes.length ||
        ![...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim())
      )
        continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      // Text for screen readers only (VisuallyHidden: a 1 px box that clips on purpose) is not cut off.
      if (el.clientWidth <= 1 && el.clientHeight <= 1) continue;
      const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
      if (clips && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1))
        found.push(el.textContent?.trim() ?? '');
    }
    return found;
  });
  return clipped.filter((text) => text && !allowed.some((name) => text.includes(name)));
}

export async function expectLang(page: Page, lang: string): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.lang), { message: `lang ${lang}` }).toBe(lang);
}
