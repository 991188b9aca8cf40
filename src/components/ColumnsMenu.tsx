import { Button, Checkbox, Menu } from '@mantine/core';
import { IconColumns3 } from '@tabler/icons-react';

interface ColumnsMenuProps {
  columns: readonly { key: string; header: string }[];
  hidden: ReadonlySet<string>;
  onToggle: (key: string, isHidden: boolean) => void;
}

/** Shows or hides a table's columns; at least one stays visible. */
export function ColumnsMenu({ columns, hidden, onToggle }: ColumnsMenuProps) {
  const visibleCount = columns.filter((c) => !hidden.has(c.key)).length;
  return (
    <Menu closeOnItemClick={false} position="bottom-end" shadow="md" width={220} withinPortal>
      <Menu.Target>
        <Button variant="default" size="sm" leftSection={<IconColumns3 size={16} aria-hidden="true" />}>
          Columns
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label="Columns">
        {columns.map((column) => {
          const isShown = !hidden.has(column.key);
          return (
            <Menu.Item
              key={column.key}
              role="menuitemcheckbox"
              aria-checked={isShown}
              disabled={isShown && visibleCount === 1}
              leftSection={<Checkbox checked={isShown} readOnly tabIndex={-1} size="xs" aria-hidden="true" />}
              onClick={() => onToggle(column.key, isShown)}
            >
              {column.header}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
