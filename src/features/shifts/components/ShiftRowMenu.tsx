import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { ActionIcon, Menu, Tooltip, UnstyledButton } from '@mantine/core';
import {
  IconClockStop,
  IconCopy,
  IconDotsVertical,
  IconRefresh,
  IconTimeline,
  IconTrash,
  type Icon,
} from '@tabler/icons-react';
import { PointerMenu, type PointerPosition } from '@shared/components/PointerMenu.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { rowActions } from '../shift-row-actions.ts';
import type { ShiftStatus } from '../shift-status.ts';

const IDLE_BUTTON_CLASS = `mantine-focus-auto mantine-active ${ActionIcon.classes.root} ${UnstyledButton.classes.root}`;
const IDLE_BUTTON_STYLE = {
  '--ai-bg': 'transparent',
  '--ai-hover': 'var(--mantine-color-gray-light-hover)',
  '--ai-color': 'var(--mantine-color-gray-light-color)',
  '--ai-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
} as CSSProperties;

interface ShiftRowMenuProps {
  shiftId: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onCopy: () => void;
  /** Decides whether Clock Staff Out can be chosen; without it the item stays enabled. */
  status?: ShiftStatus;
  /** Present on Shift Details only; View Staff Shift offers Copy ShiftID alone. */
  onClockOut?: () => void;
  onDelete?: () => void;
  /** Present when the page offers a history view of the shift. */
  onViewTimeline?: () => void;
  /** Present for a shift whose worker is late: Re-post, or why not yet (`repostRefusal`). */
  onRepost?: () => void;
  repostRefusal?: string | null;
}

/** Marks a row's menu button with its shift's id: dialogs opened from the menu find the button by it. */
const ACTIONS_FOR = 'data-shift-actions';

/** A row's menu button inside `root`: where focus goes back after a dialog opened from that menu closes. */
export function findShiftActionsButton(root: HTMLElement | null, shiftId: string | null): HTMLElement | null {
  if (!root || !shiftId) return null;
  return root.querySelector<HTMLElement>(`[${ACTIONS_FOR}="${CSS.escape(shiftId)}"]`);
}

/**
 * A row's actions: opened by its button (keyboard and touch) or by right-clicking the row, which
 * opens this same menu, so both routes offer the same items.
 */
export function ShiftRowMenu({
  shiftId,
  isOpen,
  onOpenChange,
  onCopy,
  status,
  onClockOut,
  onDelete,
  onViewTimeline,
  onRepost,
  repostRefusal,
}: ShiftRowMenuProps) {
  // A Mantine Menu per row costs a floating-ui instance each; a page of rows turns faster when a
  // row gets its Menu only once it is first opened (then keeps it, so focus returns to its button).
  const [hasMenu, setHasMenu] = useState(false);
  // The first click swaps the plain button for the Menu's own, which drops focus. The Menu mounts
  // closed, focus moves to its button, and only then does it open: Mantine records the focused
  // element when a menu opens and returns focus there on close (Escape, or an item chosen).
  const isOpenPending = useRef(false);
  const targetRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!hasMenu || !isOpenPending.current) return;
    isOpenPending.current = false;
    targetRef.current?.focus({ preventScroll: true });
    onOpenChange(true);
  }, [hasMenu, onOpenChange]);
  const t = useT();
  const label = t('shifts.menu.actionsFor', { id: shiftId });
  const marker = { [ACTIONS_FOR]: shiftId };
  if (!hasMenu && !isOpen) {
    return (
      // Every row has this button: a plain element wearing ActionIcon's classes and variables
      // (what <ActionIcon variant="subtle" color="gray"> renders) keeps a page turn light.
      <button
        type="button"
        className={IDLE_BUTTON_CLASS}
        data-variant="subtle"
        style={IDLE_BUTTON_STYLE}
        aria-label={label}
        {...marker}
        aria-haspopup="menu"
        onClick={() => {
          isOpenPending.current = true;
          setHasMenu(true);
        }}
      >
        <span className={ActionIcon.classes.icon}>
          <IconDotsVertical size={18} aria-hidden="true" />
        </span>
      </button>
    );
  }
  return (
    <Menu
      opened={isOpen}
      onChange={onOpenChange}
      position="bottom-start"
      shadow="md"
      width={200}
      withinPortal
      returnFocus
      trapFocus
    >
      <Menu.Target>
        <ActionIcon ref={targetRef} variant="subtle" color="gray" aria-label={label} {...marker}>
          <IconDotsVertical size={18} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <ShiftMenuItems
          status={status}
          onCopy={onCopy}
          onClockOut={onClockOut}
          onDelete={onDelete}
          onViewTimeline={onViewTimeline}
          onRepost={onRepost}
          repostRefusal={repostRefusal}
        />
      </Menu.Dropdown>
    </Menu>
  );
}

type ShiftMenuActions = Pick<
  ShiftRowMenuProps,
  'status' | 'onCopy' | 'onClockOut' | 'onDelete' | 'onViewTimeline' | 'onRepost' | 'repostRefusal'
>;

/** The items of a shift's menu, the same whether it opened from the row's button or a right-click. */
export function ShiftMenuItems({
  status,
  onCopy,
  onClockOut,
  onDelete,
  onViewTimeline,
  onRepost,
  repostRefusal,
}: ShiftMenuActions) {
  const t = useT();
  const refusalKey = status ? rowActions(status).find((a) => a.id === 'clock-out')?.disabledReason : null;
  const clockOutRefusal = refusalKey ? t(refusalKey) : null;
  return (
    <>
      {onViewTimeline && (
        <Menu.Item leftSection={<IconTimeline size={16} aria-hidden="true" />} onClick={onViewTimeline}>
          {t('shifts.menu.viewTimeline')}
        </Menu.Item>
      )}
      {onRepost &&
        (repostRefusal ? (
          <RefusedMenuItem
            label={t('shifts.menu.repost')}
            icon={IconRefresh}
            reason={repostRefusal}
            onClick={onRepost}
          />
        ) : (
          <Menu.Item leftSection={<IconRefresh size={16} aria-hidden="true" />} onClick={onRepost}>
            {t('shifts.menu.repost')}
          </Menu.Item>
        ))}
      {onClockOut &&
        (clockOutRefusal ? (
          <RefusedMenuItem
            label={t('shifts.menu.clockOut')}
            icon={IconClockStop}
            reason={clockOutRefusal}
            onClick={onClockOut}
          />
        ) : (
          <Menu.Item leftSection={<IconClockStop size={16} aria-hidden="true" />} onClick={onClockOut}>
            {t('shifts.menu.clockOut')}
          </Menu.Item>
        ))}
      <Menu.Item leftSection={<IconCopy size={16} aria-hidden="true" />} onClick={onCopy}>
        {t('shifts.menu.copyId')}
      </Menu.Item>
      {onDelete && (
        <Menu.Item color="red.8" leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={onDelete}>
          {t('shifts.menu.delete')}
        </Menu.Item>
      )}
    </>
  );
}

/**
 * An action that cannot be done yet (Clock Staff Out, Re-post): shown dimmed with its reason on
 * hover, focus and touch. It is marked aria-disabled rather than disabled because Mantine's menu
 * skips disabled items in keyboard navigation, and a keyboard user would then never reach the
 * reason. Chosen anyway, it gives the reason as a toast (the page's handler shows it).
 */
function RefusedMenuItem({
  label,
  icon: ItemIcon,
  reason,
  onClick,
}: {
  label: string;
  icon: Icon;
  reason: string;
  onClick: () => void;
}) {
  const reasonId = useId();
  return (
    <>
      <Tooltip label={reason} position="right" withArrow events={{ hover: true, focus: true, touch: true }}>
        <Menu.Item
          aria-disabled="true"
          aria-describedby={reasonId}
          onClick={onClick}
          c="dimmed"
          style={{ cursor: 'not-allowed' }}
          leftSection={<ItemIcon size={16} aria-hidden="true" />}
        >
          {label}
        </Menu.Item>
      </Tooltip>
      {/* Outside the item, so its name stays the action's; a hidden element still describes. */}
      <span id={reasonId} hidden>
        {reason}
      </span>
    </>
  );
}

interface ShiftContextMenuProps extends ShiftMenuActions {
  at: PointerPosition | null;
  onClose: () => void;
}

/** A shift's right-click menu, where the pointer is, with the same items as its ⋮ menu. */
export function ShiftContextMenu({ at, onClose, ...actions }: ShiftContextMenuProps) {
  const t = useT();
  return (
    <PointerMenu at={at} onClose={onClose} label={t('shifts.menu.actions')}>
      <ShiftMenuItems {...actions} />
    </PointerMenu>
  );
}
