import { Button, Checkbox, Popover, Stack, Text } from '@mantine/core';
import { IconColumns3 } from '@tabler/icons-react';
import { useSharedT } from '../i18n/keys.ts';

interface ColumnsMenuProps {
  columns: readonly { key: string; header: string }[];
  hidden: ReadonlySet<string>;
  onToggle: (key: string, isHidden: boolean) => void;
}

/** Shows or hides a table's columns, one checkbox each; the last visible one cannot be hidden. */
export function ColumnsMenu({ columns, hidden, onToggle }: ColumnsMenuProps) {
  const t = useSharedT();
  const visibleCount = columns.filter((c) => !hidden.has(c.key)).length;
  return (
    <Popover position="bottom-end" shadow="md" width={230} withinPortal trapFocus>
      <Popover.Target>
        <Button variant="default" size="sm" leftSection={<IconColumns3 size={16} aria-hidden="true" />}>
          {t('table.columns')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={8} role="group" aria-labelledby="columns-menu-title">
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" id="columns-menu-title">
            {t('table.columnsShow')}
          </Text>
          {columns.map((column) => {
            const isShown = !hidden.has(column.key);
            return (
              <Checkbox
                key={column.key}
                size="sm"
                label={column.header}
                checked={isShown}
                disabled={isShown && visibleCount === 1}
                onChange={(event) => onToggle(column.key, !event.currentTarget.checked)}
              />
            );
          })}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
