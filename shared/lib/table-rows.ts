/**
 * Searching, sorting and paging a table's rows in the browser. The dashboard's lists are one
 * company's data (thousands of rows at most), already in memory for Realtime, so a search across
 * every visible column is a scan of prepared strings rather than a round trip.
 */

export type SortDirection = 'asc' | 'desc';
export type SortValue = string | number | null;

export interface SortState {
  key: string;
  direction: SortDirection;
}

/** Rows whose text contains every word of `query` (case-insensitive); all rows for a blank query. */
export function searchRows<Row>(rows: readonly Row[], query: string, textOf: (row: Row) => string): Row[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return rows.slice();
  return rows.filter((row) => {
    const text = textOf(row);
    return words.every((w) => text.includes(w));
  });
}

// One collator for every comparison: localeCompare with options builds one per call.
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** A stable sort by precomputed keys; missing values go last in either direction. */
export function sortRows<Row>(rows: readonly Row[], valueOf: (row: Row) => SortValue, direction: SortDirection): Row[] {
  const sign = direction === 'asc' ? 1 : -1;
  const keyed = rows.map((row, index) => ({ row, index, value: valueOf(row) }));
  keyed.sort((a, b) => {
    if (a.value === b.value) return a.index - b.index;
    if (a.value === null) return 1;
    if (b.value === null) return -1;
    const order =
      typeof a.value === 'number' && typeof b.value === 'number'
        ? a.value - b.value
        : collator.compare(String(a.value), String(b.value));
    return order === 0 ? a.index - b.index : order * sign;
  });
  return keyed.map((k) => k.row);
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The rows of 1-based `page`, clamped to the last page. */
export function pageRows<Row>(rows: readonly Row[], page: number, pageSize: number): Row[] {
  const last = pageCount(rows.length, pageSize);
  const current = Math.min(Math.max(1, page), last);
  return rows.slice((current - 1) * pageSize, current * pageSize);
}

/** Clicking a header: a new column sorts ascending, the same column flips. */
export function nextSort(current: SortState, key: string): SortState {
  if (current.key !== key) return { key, direction: 'asc' };
  return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}
