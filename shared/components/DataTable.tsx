import { memo, useDeferredValue, useEffect, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import {
  ActionIcon,
  Box,
  Center,
  Group,
  Loader,
  NativeSelect,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconArrowDown,
  IconArrowUp,
  IconArrowsSort,
  IconSortAscending,
  IconSortDescending,
  IconSearch,
} from '@tabler/icons-react';
import {
  nextSort,
  pageCount,
  pageRows,
  searchRows,
  sortRows,
  type SortState,
  type SortValue,
} from '../lib/table-rows.ts';
import { NoResult } from './NoResult.tsx';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { formatNumber } from '../i18n/format.ts';
import { useSharedT } from '../i18n/keys.ts';

export interface DataColumn<Row> {
  key: string;
  header: string;
  /** The cell; defaults to `text`. */
  render?: (row: Row) => ReactNode;
  /** What the cell says, for the search box. */
  text: (row: Row) => string;
  /** Sorting key when it differs from the text (instants, numbers). */
  sortValue?: (row: Row) => SortValue;
  minWidth?: number;
}

export interface DataTableProps<Row> {
  /** The table's accessible name, e.g. 'Shift Details'. */
  label: string;
  rows: readonly Row[];
  columns: readonly DataColumn<Row>[];
  getRowId: (row: Row) => string;
  initialSort: SortState;
  pageSize?: number;
  isLoading?: boolean;
  /** Shows 'Reconnecting...' instead of 'Live' while the Realtime channel is down. */
  isReconnecting?: boolean;
  searchLabel: string;
  emptyDescription: string;
  noMatchDescription: string;
  /** A leading cell per row, e.g. the row's action menu (the keyboard route to what right-click offers). */
  renderActions?: (row: Row) => ReactNode;
  actionsLabel?: string;
  onRowContextMenu?: (row: Row, event: MouseEvent<HTMLTableRowElement>) => void;
  /** Controls beside the search box (a column chooser, …). */
  toolbar?: ReactNode;
  /** Above the table, below the search: quick filters. */
  filters?: ReactNode;
  /**
   * On phones (PHONE_QUERY) each row is a card with this content instead of a squeezed table row;
   * the row's actions sit at its top right. Without it the table scrolls sideways on phones too.
   */
  renderCard?: (row: Row) => ReactNode;
  /** A card's left edge colour (a shift's status colour). */
  cardAccent?: (row: Row) => string;
  /** Columns rows can be sorted by, when more than those shown (hidden columns still sort). */
  sortColumns?: readonly DataColumn<Row>[];
}

/** Phones: the width below which a table with cards shows cards. */
export const PHONE_QUERY = '(max-width: 600px)';

interface RowProps<Row> {
  row: Row;
  columns: readonly DataColumn<Row>[];
  renderActions?: (row: Row) => ReactNode;
  onRowContextMenu?: (row: Row, event: MouseEvent<HTMLTableRowElement>) => void;
}

// One memoised row: a Realtime update re-renders only the row whose object changed. Rows and cells
// are plain elements wearing Mantine's Table classes and data attributes (what Table.Tr/Table.Td
// render for this table's props): a page turn mounts 25 rows of 13 cells, and a Mantine component
// per cell made that the bulk of a 100 ms frame.
const ROW_ATTRIBUTES = {
  className: Table.classes.tr,
  'data-with-row-border': true,
  'data-striped': 'odd',
  'data-hover': true,
} as const;

const DataRow = memo(function DataRow<Row>({ row, columns, renderActions, onRowContextMenu }: RowProps<Row>) {
  return (
    <tr {...ROW_ATTRIBUTES} onContextMenu={onRowContextMenu ? (event) => onRowContextMenu(row, event) : undefined}>
      {renderActions && (
        <td className={Table.classes.td} style={{ width: 48 }}>
          {renderActions(row)}
        </td>
      )}
      {columns.map((column) => (
        <td key={column.key} className={Table.classes.td}>
          {column.render ? column.render(row) : column.text(row)}
        </td>
      ))}
    </tr>
  );
}) as <Row>(props: RowProps<Row>) => ReactNode;

interface CardProps<Row> {
  row: Row;
  renderCard: (row: Row) => ReactNode;
  cardAccent?: (row: Row) => string;
  renderActions?: (row: Row) => ReactNode;
}

const DataCard = memo(function DataCard<Row>({ row, renderCard, cardAccent, renderActions }: CardProps<Row>) {
  const accent = cardAccent?.(row);
  return (
    <Paper
      component="li"
      data-card
      withBorder
      radius="md"
      p="sm"
      style={accent ? { borderInlineStart: `4px solid ${accent}` } : undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Box style={{ minWidth: 0, flex: 1 }}>{renderCard(row)}</Box>
        {renderActions?.(row)}
      </Group>
    </Paper>
  );
}) as <Row>(props: CardProps<Row>) => ReactNode;

// Search text per column set and row object: an updated row is a new object, so only it is recomputed.
const searchTexts = new WeakMap<object, WeakMap<object, string>>();

function searchTextOf<Row>(columns: readonly DataColumn<Row>[], row: Row): string {
  let cache = searchTexts.get(columns);
  if (!cache) {
    cache = new WeakMap();
    searchTexts.set(columns, cache);
  }
  const key = row as object;
  let text = cache.get(key);
  if (text === undefined) {
    text = columns
      .map((c) => c.text(row))
      .join('\n')
      .toLowerCase();
    cache.set(key, text);
  }
  return text;
}

/** Fills the search-text cache in idle slices; returns the cancel for an effect's cleanup. */
function warmSearchTexts<Row>(rows: readonly Row[], columns: readonly DataColumn<Row>[]): () => void {
  if (typeof requestIdleCallback !== 'function') return () => {};
  let next = 0;
  let handle = 0;
  const work = (deadline: IdleDeadline) => {
    while (next < rows.length && deadline.timeRemaining() > 2) {
      const end = Math.min(rows.length, next + 10);
      for (; next < end; next += 1) searchTextOf(columns, rows[next] as Row);
    }
    if (next < rows.length) handle = requestIdleCallback(work);
  };
  handle = requestIdleCallback(work);
  return () => cancelIdleCallback(handle);
}

function SortIcon({ direction }: { direction: 'asc' | 'desc' | null }) {
  const Icon = direction === 'asc' ? IconArrowUp : direction === 'desc' ? IconArrowDown : IconArrowsSort;
  return <Icon size={14} stroke={2} aria-hidden="true" style={{ opacity: direction ? 1 : 0.45, flexShrink: 0 }} />;
}

/**
 * A paginated table with a search box across its columns and headers that sort on click. Only
 * one page of rows is in the DOM, so thousands of rows cost a filter and a sort, not a render.
 */
export function DataTable<Row>({
  label,
  rows,
  columns,
  getRowId,
  initialSort,
  pageSize = 25,
  isLoading = false,
  isReconnecting = false,
  searchLabel,
  emptyDescription,
  noMatchDescription,
  renderActions,
  actionsLabel,
  onRowContextMenu,
  toolbar,
  filters,
  renderCard,
  cardAccent,
  sortColumns = columns,
}: DataTableProps<Row>) {
  const t = useSharedT();
  const { locale } = useLocale();
  // Read synchronously, so a phone never flashes the table before its cards.
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const asCards = isPhone && renderCard != null;
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [sort, setSort] = useState<SortState>(initialSort);
  const [page, setPage] = useState(1);

  // Builds the search text of every row while the browser is idle, so the first letter typed into
  // the search box does not pay for thousands of rows at once (a long frame with 5,000 shifts).
  useEffect(() => warmSearchTexts(rows, columns), [rows, columns]);

  const visible = useMemo(() => {
    const textOf = (row: Row): string => searchTextOf(columns, row);
    const found = searchRows(rows, deferredQuery, textOf);
    const column = sortColumns.find((c) => c.key === sort.key);
    if (!column) return found;
    return sortRows(found, column.sortValue ?? column.text, sort.direction);
  }, [rows, columns, sortColumns, deferredQuery, sort]);

  const pages = pageCount(visible.length, pageSize);
  const current = Math.min(page, pages);
  const shown = pageRows(visible, current, pageSize);
  const first = visible.length === 0 ? 0 : (current - 1) * pageSize + 1;
  const last = (current - 1) * pageSize + shown.length;

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <TextInput
          aria-label={searchLabel}
          placeholder={searchLabel}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 240px', maxWidth: 420 }}
        />
        <Group gap="sm" wrap="nowrap">
          {!asCards && toolbar}
          <Group gap={6} wrap="nowrap" role="status" aria-live="polite">
            {isReconnecting ? (
              <>
                <Loader size={12} color="orange" aria-hidden="true" />
                <Text size="sm" c="orange.9" fw={600}>
                  {t('table.reconnecting')}
                </Text>
              </>
            ) : (
              <>
                <Box w={8} h={8} bg="teal.6" style={{ borderRadius: '50%' }} aria-hidden="true" />
                <Text size="sm" c="dimmed">
                  {t('table.live')}
                </Text>
              </>
            )}
          </Group>
        </Group>
      </Group>
      {filters}

      {isLoading ? (
        <Center py="xl">
          <Loader aria-label={t('table.loading', { label })} />
        </Center>
      ) : rows.length === 0 ? (
        <NoResult description={emptyDescription} />
      ) : visible.length === 0 ? (
        <NoResult description={noMatchDescription} />
      ) : (
        <>
          {asCards ? (
            <>
              <CardSort
                columns={sortColumns}
                sort={sort}
                onSort={(next) => {
                  setSort(next);
                  setPage(1);
                }}
              />
              <Stack component="ul" aria-label={label} gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
                {shown.map((row) => (
                  <DataCard
                    key={getRowId(row)}
                    row={row}
                    renderCard={renderCard}
                    cardAccent={cardAccent}
                    renderActions={renderActions}
                  />
                ))}
              </Stack>
            </>
          ) : (
            <Table.ScrollContainer minWidth={columns.length * 120 + (renderActions ? 48 : 0)} type="native">
              {/* Positioned, so visually hidden cell text (absolutely placed) is clipped with the table when it
                  scrolls sideways instead of widening the whole page. */}
              <Table aria-label={label} striped highlightOnHover verticalSpacing="xs" fz="sm" bg="white" pos="relative">
                <Table.Thead>
                  <Table.Tr>
                    {renderActions && (
                      <Table.Th w={48}>
                        <VisuallyHidden>{actionsLabel ?? t('table.actions')}</VisuallyHidden>
                      </Table.Th>
                    )}
                    {columns.map((column) => {
                      const direction = sort.key === column.key ? sort.direction : null;
                      return (
                        <Table.Th
                          key={column.key}
                          miw={column.minWidth}
                          aria-sort={
                            direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined
                          }
                        >
                          <UnstyledButton
                            onClick={() => {
                              setSort((s) => nextSort(s, column.key));
                              setPage(1);
                            }}
                            fw={700}
                            fz="sm"
                            style={{ display: 'inline-flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}
                          >
                            {column.header}
                            <SortIcon direction={direction} />
                          </UnstyledButton>
                        </Table.Th>
                      );
                    })}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map((row) => (
                    <DataRow
                      key={getRowId(row)}
                      row={row}
                      columns={columns}
                      renderActions={renderActions}
                      onRowContextMenu={onRowContextMenu}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm" c="dimmed">
              {t('table.range', {
                first: formatNumber(first, locale),
                last: formatNumber(last, locale),
                total: formatNumber(visible.length, locale),
              })}
            </Text>
            {pages > 1 && (
              <Pagination
                total={pages}
                value={current}
                onChange={setPage}
                size="sm"
                siblings={1}
                boundaries={1}
                getItemProps={(n) => ({ 'aria-label': t('table.page', { page: n }) })}
                getControlProps={(control) => ({ 'aria-label': t('table.control', { control }) })}
              />
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}

interface CardSortProps<Row> {
  columns: readonly DataColumn<Row>[];
  sort: SortState;
  onSort: (sort: SortState) => void;
}

/** Cards have no headers to click: the same sort as a select and a direction button. */
function CardSort<Row>({ columns, sort, onSort }: CardSortProps<Row>) {
  const t = useSharedT();
  const ascending = sort.direction === 'asc';
  const options = columns.map((c) => ({ value: c.key, label: c.header }));
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <NativeSelect
        label={t('table.sortBy')}
        size="sm"
        style={{ flex: 1 }}
        value={sort.key}
        data={options}
        onChange={(event) => onSort({ key: event.currentTarget.value, direction: sort.direction })}
      />
      <ActionIcon
        variant="default"
        size={36}
        aria-label={ascending ? t('table.sortedAscending') : t('table.sortedDescending')}
        onClick={() => onSort({ key: sort.key, direction: ascending ? 'desc' : 'asc' })}
      >
        {ascending ? (
          <IconSortAscending size={18} aria-hidden="true" />
        ) : (
          <IconSortDescending size={18} aria-hidden="true" />
        )}
      </ActionIcon>
    </Group>
  );
}
