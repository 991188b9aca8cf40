import { Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSharedT } from '../i18n/keys.ts';

/**
 * How to reach a row's actions: a mouse can right-click a row; a phone (a touch screen, or any
 * screen 600 px wide or less) is told about the menu button alone.
 */
export function RowActionsHint({ prefix }: { prefix?: string }) {
  const t = useSharedT();
  const hasMouse = useMediaQuery('(hover: hover) and (pointer: fine) and (min-width: 601px)', true);
  const how = hasMouse ? t('table.rowActionsMouse') : t('table.rowActionsTouch');
  return (
    <Text size="xs" c="dimmed">
      {prefix ? `${prefix} ${how}` : how}
    </Text>
  );
}
