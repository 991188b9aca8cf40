/** The typed request AST the parsers produce and the SQL builder consumes. Values stay strings here. */

export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}

/** A column reference, optionally followed by a JSON path (`data->a->>b`). */
export interface Field {
  name: string;
  json: JsonStep[];
}

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'column'; field: Field; alias?: string; cast?: string; aggregate?: Aggregate }
  /** `count()` with no column. */
  | { kind: 'count'; alias?: string; cast?: string }
  | {
      kind: 'embed';
      relation: string;
      alias?: string;
      hint?: string;
      join: 'left' | 'inner';
      spread: boolean;
      select: SelectItem[];
    };

export type Aggregate = 'count' | 'sum' | 'avg' | 'min' | 'max';

export const COMPARISON_OPS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte'] as const;
export const PATTERN_OPS = ['like', 'ilike', 'match', 'imatch'] as const;
export const FTS_OPS = ['fts', 'plfts', 'phfts', 'wfts'] as const;
export const RANGE_OPS = ['cs', 'cd', 'ov', 'sl', 'sr', 'nxl', 'nxr', 'adj'] as const;

export type ComparisonOp = (typeof COMPARISON_OPS)[number];
export type PatternOp = (typeof PATTERN_OPS)[number];
export type FtsOp = (typeof FTS_OPS)[number];
export type RangeOp = (typeof RANGE_OPS)[number];

export type Operation =
  | { op: ComparisonOp | PatternOp; value: string }
  | { op: ComparisonOp | PatternOp; quantifier: 'any' | 'all'; values: string[] }
  | { op: 'in'; values: string[] }
  | { op: 'is'; value: 'null' | 'not_null' | 'true' | 'false' | 'unknown' }
  | { op: 'isdistinct'; value: string }
  | { op: FtsOp; value: string; config?: string }
  | { op: RangeOp; value: string };

export interface Filter {
  kind: 'filter';
  field: Field;
  negate: boolean;
  operation: Operation;
}

export interface LogicTree {
  kind: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: Condition[];
}

export type Condition = Filter | LogicTree;

export interface OrderTerm {
  field: Field;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** Filters, order and paging that apply to one level: the root (`path: []`) or an embed (`path: ['rel']`). */
export interface LevelOptions {
  conditions: Condition[];
  order?: OrderTerm[];
  limit?: number;
  offset?: number;
}

export interface Prefer {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  tx?: 'commit' | 'rollback';
  handling?: 'strict' | 'lenient';
  maxAffected?: number;
  /** Recognised preferences, in the order they were sent, for `Preference-Applied`. */
  applied: string[];
}

export interface ParsedQuery {
  select: SelectItem[];
  /** Keyed by the embed path joined with `.` (`''` for the root). */
  levels: Map<string, LevelOptions>;
  onConflict?: string[];
  columns?: string[];
  /** Query parameters left over for RPC arguments (GET rpc), in order. */
  rpcArgs: [string, string][];
}
