import { Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * How to reach a row's actions: a mouse can right-click a row; a phone (a touch screen, or any
 * screen 600 px wide or less) is told about the menu button alone.
 */
export function RowActionsHint({ prefix }: { prefix?: string }) {
  const hasMouse = useMediaQuery('(hover: hover) and (pointer: fine) and (min-width: 601px)', true);
  const how = hasMouse
    ? 'Right-click a row or use its menu button for actions.'
    : 'Use a row’s menu button for actions.';
  return (
    <Text size="xs" c="dimmed">
      {prefix ? `${prefix} ${how}` : how}
    </Text>
  );
}
