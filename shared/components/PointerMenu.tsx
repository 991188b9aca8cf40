import type { ReactNode } from 'react';
import { Menu } from '@mantine/core';

export interface PointerPosition {
  x: number;
  y: number;
}

interface PointerMenuProps {
  /** Where the pointer was, in viewport pixels; null when closed. */
  at: PointerPosition | null;
  onClose: () => void;
  /** The menu's accessible name, e.g. 'Shift actions'. */
  label: string;
  width?: number;
  children: ReactNode;
}

/**
 * A right-click menu opened where the pointer is. A row's menu anchored to its ⋮ button opened off
 * screen, or not at all, once a wide table was scrolled sideways; this one follows the pointer.
 */
export function PointerMenu({ at, onClose, label, width = 200, children }: PointerMenuProps) {
  return (
    <Menu
      opened={at !== null}
      onChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      position="bottom-start"
      offset={2}
      shadow="md"
      width={width}
      withinPortal
      trapFocus
      returnFocus={false}
    >
      <Menu.Target>
        <div
          aria-hidden="true"
          data-testid="pointer-menu-anchor"
          style={{ position: 'fixed', left: at?.x ?? 0, top: at?.y ?? 0, width: 1, height: 1, pointerEvents: 'none' }}
        />
      </Menu.Target>
      <Menu.Dropdown aria-label={label}>{children}</Menu.Dropdown>
    </Menu>
  );
}
