import { useEffect, useRef, type RefObject } from 'react';
import { useReducedMotion } from '@mantine/hooks';

/** How long a just-posted shift stays highlighted on the board. */
export const NEW_SHIFT_HIGHLIGHT_MS = 3_000;
/** The attribute of the marker a highlighted row or card carries (ShiftDetailsTable's CSS tints it). */
export const NEW_SHIFT_MARKER = 'data-new-shift';

/**
 * Brings a just-posted shift's row (or phone card) into view and marks it current for a few
 * seconds once `highlightId` is set, then calls `onDone`. Scrolls without animation for people
 * who asked for reduced motion.
 */
export function useNewShiftHighlight(
  containerRef: RefObject<HTMLElement | null>,
  highlightId: string | null,
  onDone: () => void,
): void {
  const reduceMotion = useReducedMotion();
  // The latest onDone, without restarting the timer when the parent passes a new function.
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  }, [onDone]);

  useEffect(() => {
    if (!highlightId) return;
    const marker = containerRef.current?.querySelector(`[${NEW_SHIFT_MARKER}]`);
    const row = marker?.closest('tr, [data-card]');
    row?.setAttribute('aria-current', 'true');
    row?.scrollIntoView({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' });
    const timer = window.setTimeout(() => done.current(), NEW_SHIFT_HIGHLIGHT_MS);
    return () => {
      window.clearTimeout(timer);
      row?.removeAttribute('aria-current');
    };
    // The row is looked up once per highlight: the table was remounted for it in the same commit.
  }, [containerRef, highlightId, reduceMotion]);
}
