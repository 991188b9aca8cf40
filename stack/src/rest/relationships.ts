/**
 * Resolves `select=…,rel(…)` to a relationship as PostgREST's embedding does (Plan.hs, findRel).
 * Every foreign key gives two relationships, many-to-one from the table that holds it and
 * one-to-many back (one-to-one both ways when its columns are the holder's primary key or a unique
 * key); a junction table whose foreign keys are part of its primary key gives many-to-many ones.
 * A relationship of the source matches the embed's name when:
 * - between two different tables, without a hint: the name is the other table, or (when the other
 *   side is a table) the constraint's name, or the source's foreign-key column;
 * - with a hint: the name is the other table and the hint is the constraint, a foreign-key column
 *   of either side, or the junction table;
 * - a table that references itself: without a hint the name gives the one-to-many side (the
 *   children) and the foreign-key column the many-to-one side (the parent); with a hint, only the
 *   one-to-many side whose referencing column is the hint (`collections!parent_id`).
 * One match embeds; several answer PGRST201, listed in PostgREST's order; none PGRST200.
 */
import { closestMatches } from './fuzzy.ts';
import { pgrstError } from './errors.ts';
import { key, type ForeignKey, type Relation, type SchemaSnapshot } from './schema-cache.ts';

export interface ResolvedEmbed {
  target: Relation;
  toOne: boolean;
  /** [parent column, child column] pairs joined with `=` (empty for many-to-many). */
  pairs: [string, string][];
  fk: ForeignKey;
  /** A computed relationship: the function called with the parent row gives the target rows. */
  computed?: { schema: string; name: string };
  /** Many-to-many: the junction table, joined to the parent by `fk` and to the target by `targetFk`. */
  junction?: {
    rel: Relation;
    /** [parent column, junction column] pairs. */
    sourcePairs: [string, string][];
    /** [target column, junction column] pairs. */
    targetPairs: [string, string][];
    targetFk: ForeignKey;
  };
}

/** PostgREST's constructor order, which its relationship lists are sorted by. */
const CARDINALITIES = ['one-to-many', 'many-to-one', 'one-to-one', 'many-to-many'] as const;
type Cardinality = (typeof CARDINALITIES)[number];

interface Relationship {
  resolved: ResolvedEmbed;
  cardinality: Cardinality;
  isSelf: boolean;
  /** [source column, target column] pairs of the foreign key (empty for many-to-many). */
  columns: [string, string][];
  /** One-to-one: whether the source is the referenced side (PostgREST's isParent). */
  isParent: boolean;
}

const isSubset = (a: string[], b: string[]): boolean => a.length > 0 && a.every((x) => b.includes(x));
const sameRelation = (a: { schema: string; name: string }, b: { schema: string; name: string }): boolean =>
  a.schema === b.schema && a.name === b.name;

/** Whether the foreign key's columns are a primary or unique key of the table that holds them. */
function isOneToOne(fk: ForeignKey, holder: Relation): boolean {
  if (fk.oneToOne !== undefined) return fk.oneToOne;
  const cols = [...fk.columns].sort();
  return holder.uniques.some((u) => u.length === cols.length && [...u].sort().every((c, i) => c === cols[i]));
}

/** The relationships of `source` to relations of its own schema, in PostgREST's order. */
export function relationshipsOf(snapshot: SchemaSnapshot, source: Relation): Relationship[] {
  const rels: Relationship[] = [];
  const inSchema = (schema: string, name: string): Relation | undefined =>
    schema === source.schema ? snapshot.relations.get(key(schema, name)) : undefined;
  for (const fk of source.outgoing) {
    const target = inSchema(fk.refSchema, fk.refTable);
    if (!target) continue;
    const columns = fk.columns.map((c, i): [string, string] => [c, fk.refColumns[i] ?? c]);
    const oneToOne = isOneToOne(fk, source);
    rels.push({
      resolved: { target, toOne: true, pairs: columns, fk },
      cardinality: oneToOne ? 'one-to-one' : 'many-to-one',
      isSelf: sameRelation(target, source),
      columns,
      isParent: false,
    });
  }
  for (const fk of source.incoming) {
    const target = inSchema(fk.schema, fk.table);
    if (!target) continue;
    const columns = fk.refColumns.map((c, i): [string, string] => [c, fk.columns[i] ?? c]);
    const oneToOne = isOneToOne(fk, target);
    rels.push({
      resolved: { target, toOne: oneToOne, pairs: columns, fk },
      cardinality: oneToOne ? 'one-to-one' : 'one-to-many',
      isSelf: sameRelation(target, source),
      columns,
      isParent: true,
    });
  }
  // Many-to-many through a junction table whose foreign keys to both sides are part of its
  // primary key (PostgREST's addM2MRels).
  for (const fk of source.incoming) {
    if (fk.throughView) continue;
    const junction = snapshot.relations.get(key(fk.schema, fk.table));
    if (!junction || !isSubset(fk.columns, junction.primaryKey)) continue;
    for (const targetFk of junction.outgoing) {
      if (targetFk.name === fk.name && targetFk.refTable === fk.refTable) continue;
      if (!isSubset(targetFk.columns, junction.primaryKey)) continue;
      const target = inSchema(targetFk.refSchema, targetFk.refTable);
      if (!target) continue;
      rels.push({
        resolved: {
          target,
          toOne: false,
          pairs: [],
          fk,
          junction: {
            rel: junction,
            sourcePairs: fk.refColumns.map((c, i) => [c, fk.columns[i] ?? c]),
            targetPairs: targetFk.refColumns.map((c, i) => [c, targetFk.columns[i] ?? c]),
            targetFk,
          },
        },
        cardinality: 'many-to-many',
        isSelf: sameRelation(target, source),
        columns: [],
        isParent: false,
      });
    }
  }
  return rels.sort(compareRelationships);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The derived order of PostgREST's Relationship: other side, self, cardinality, constraint, columns. */
function compareRelationships(a: Relationship, b: Relationship): number {
  const x = a.resolved;
  const y = b.resolved;
  return (
    compareText(x.target.schema, y.target.schema) ||
    compareText(x.target.name, y.target.name) ||
    Number(a.isSelf) - Number(b.isSelf) ||
    CARDINALITIES.indexOf(a.cardinality) - CARDINALITIES.indexOf(b.cardinality) ||
    compareText(x.junction?.rel.name ?? '', y.junction?.rel.name ?? '') ||
    compareText(x.fk.name, y.fk.name) ||
    compareText(x.junction?.targetFk.name ?? '', y.junction?.targetFk.name ?? '') ||
    compareText(JSON.stringify(a.columns), JSON.stringify(b.columns)) ||
    Number(a.isParent) - Number(b.isParent)
  );
}

const singleColumn = (rel: Relationship, side: 0 | 1): string | undefined =>
  rel.columns.length === 1 ? rel.columns[0]?.[side] : undefined;

function matches(rel: Relationship, name: string, hint: string | undefined): boolean {
  const { target, fk, junction } = rel.resolved;
  const isM2M = rel.cardinality === 'many-to-many';
  const targetIsView = target.kind === 'view';
  if (rel.isSelf) {
    if (hint === undefined) {
      return (
        (target.name === name && rel.cardinality === 'one-to-many') ||
        (singleColumn(rel, 0) === name && rel.cardinality === 'many-to-one')
      );
    }
    return target.name === name && rel.cardinality === 'one-to-many' && singleColumn(rel, 1) === hint;
  }
  if (hint === undefined) {
    return (
      target.name === name ||
      (!isM2M && fk.name === name && !targetIsView) ||
      (singleColumn(rel, 0) === name && !targetIsView)
    );
  }
  return (
    target.name === name &&
    ((!isM2M && fk.name === hint) ||
      singleColumn(rel, 0) === hint ||
      singleColumn(rel, 1) === hint ||
      (isM2M && junction?.rel.name === hint))
  );
}

export function resolveEmbed(
  snapshot: SchemaSnapshot,
  source: Relation,
  relation: string,
  hint: string | undefined,
): ResolvedEmbed {
  const computed = source.computedRelations.get(relation);
  if (computed && hint === undefined) {
    // PostgREST: a computed relationship takes precedence over a detected one of the same name.
    return {
      target: computed.target,
      toOne: computed.toOne,
      pairs: [],
      fk: {
        name: computed.name,
        schema: source.schema,
        table: source.name,
        columns: [],
        refSchema: computed.target.schema,
        refTable: computed.target.name,
        refColumns: [],
      },
      computed: { schema: computed.schema, name: computed.name },
    };
  }
  const all = relationshipsOf(snapshot, source);
  const found = all.filter((rel) => matches(rel, relation, hint));
  if (found.length === 1 && found[0]) return found[0].resolved;
  if (found.length === 0) {
    throw pgrstError(
      400,
      'PGRST200',
      `Could not find a relationship between '${source.name}' and '${relation}' in the schema cache`,
      `Searched for a foreign key relationship between '${source.name}' and '${relation}'${hint !== undefined ? ` using the hint '${hint}'` : ''} in the schema '${source.schema}', but no matches were found.`,
      noRelationshipHint(snapshot, source, relation, all),
    );
  }
  throw ambiguous(source, relation, found);
}

/**
 * PostgREST's noRelBetweenHint: when the source has relationships, the closest name among the
 * relations it has them with (but not the very name asked for); otherwise the closest of the
 * schema's relations that have any.
 */
function noRelationshipHint(
  snapshot: SchemaSnapshot,
  source: Relation,
  relation: string,
  rels: Relationship[],
): string | null {
  if (rels.length > 0) {
    const names = new Set(rels.map((r) => r.resolved.target.name));
    const child = closestMatches(relation, names, 0.33).find((m) => m.score < 1);
    return child ? `Perhaps you meant '${child.entry}' instead of '${relation}'.` : null;
  }
  const parents = new Set<string>();
  for (const rel of snapshot.relations.values()) {
    if (rel.schema !== source.schema || rel === source) continue;
    if (rel.outgoing.length > 0 || rel.incoming.length > 0 || rel.computedRelations.size > 0) parents.add(rel.name);
  }
  const parent = closestMatches(source.name, parents, 0.33)[0];
  return parent ? `Perhaps you meant '${parent.entry}' instead of '${source.name}'.` : null;
}

function ambiguous(source: Relation, relation: string, found: Relationship[]): Error {
  const cols = (names: string[]): string => `(${names.join(', ')})`;
  const details = found.map((rel) => {
    const { target, fk, junction } = rel.resolved;
    const embedding = `${source.name} with ${target.name}`;
    if (junction) {
      return {
        cardinality: rel.cardinality,
        embedding,
        relationship: `${junction.rel.name} using ${fk.name}${cols(junction.sourcePairs.map(([, c]) => c))} and ${junction.targetFk.name}${cols(junction.targetPairs.map(([, c]) => c))}`,
      };
    }
    return {
      cardinality: rel.cardinality,
      embedding,
      relationship: `${fk.name} using ${source.name}${cols(rel.columns.map(([s]) => s))} and ${target.name}${cols(rel.columns.map(([, t]) => t))}`,
    };
  });
  const hints = found.map((rel) => {
    const { target, fk, junction } = rel.resolved;
    return `'${target.name}!${junction ? junction.rel.name : fk.name}'`;
  });
  return pgrstError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${source.name}' and '${relation}'`,
    details,
    `Try changing '${relation}' to one of the following: ${hints.join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}
