import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';

/**
 * A right-click menu's state for a table: which row it is for and where the pointer was, so the
 * menu opens at the pointer wherever the row has scrolled (PointerMenu). `onOpen` runs first (to
 * close a row's own button menu); it is read through a ref, so `open` keeps one identity and the
 * memoised rows do not re-render.
 */
export function usePointerMenu<Row>(onOpen?: () => void) {
  const [menu, setMenu] = useState<{ row: Row; x: number; y: number } | null>(null);
  const onOpenRef = useRef(onOpen);
  useEffect(() => {
    onOpenRef.current = onOpen;
  });
  const open = useCallback((row: Row, event: MouseEvent) => {
    event.preventDefault();
    onOpenRef.current?.();
    setMenu({ row, x: event.clientX, y: event.clientY });
  }, []);
  const close = useCallback(() => setMenu(null), []);
  return { row: menu?.row, at: menu && { x: menu.x, y: menu.y }, open, close };
}
