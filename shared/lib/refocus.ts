/**
 * For an overlay (dialog, drawer) that has just finished closing: if focus fell to the page because
 * the element that had it before is gone (the menu item that opened the overlay), hand it to
 * `target` instead, so keyboard users continue where they were.
 */
export function refocusIfLost(target: (() => HTMLElement | null | undefined) | undefined): void {
  if (!target) return;
  // Called from an exit-transition callback: the overlay leaves the DOM right after, so look then.
  window.setTimeout(() => {
    const active = document.activeElement;
    if (!active || active === document.body) target()?.focus();
  });
}
