/** Resolves `select=…,rel(…)` to a foreign key, in either direction, as PostgREST's embedding does. */
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

const isSubset = (a: string[], b: string[]): boolean => a.length > 0 && a.every((x) => b.includes(x));

function sameSet(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

function describe(fk: ForeignKey, cardinality: string): Record<string, string> {
  return {
    cardinality,
    embedding: `${fk.table} with ${fk.refTable}`,
    relationship: `${fk.name} using ${fk.table}(${fk.columns.join(', ')}) and ${fk.refTable}(${fk.refColumns.join(', ')})`,
  };
}

export function resolveEmbed(
  snapshot: SchemaSnapshot,
  source: Relation,
  relation: string,
  hint: string | undefined,
): ResolvedEmbed {
  const candidates: ResolvedEmbed[] = [];
  const named = snapshot.relations.get(key(source.schema, relation));
  if (named) {
    for (const fk of source.outgoing) {
      if (fk.refSchema === named.schema && fk.refTable === named.name) {
        candidates.push({
          target: named,
          toOne: true,
          pairs: fk.columns.map((c, i) => [c, fk.refColumns[i] ?? c]),
          fk,
        });
      }
    }
    for (const fk of source.incoming) {
      if (fk.schema === named.schema && fk.table === named.name) {
        const unique = named.uniques.some((u) => sameSet(u, fk.columns));
        candidates.push({
          target: named,
          toOne: unique,
          pairs: fk.refColumns.map((c, i) => [c, fk.columns[i] ?? c]),
          fk,
        });
      }
    }
  }
  // Many-to-many through a junction table whose foreign keys to both sides are part of its
  // primary key, as PostgREST detects them (docs: "Many-to-many relationships").
  if (named) {
    for (const fk of source.incoming) {
      if (fk.throughView) continue;
      const junction = snapshot.relations.get(key(fk.schema, fk.table));
      if (!junction || junction === named || !isSubset(fk.columns, junction.primaryKey)) continue;
      for (const targetFk of junction.outgoing) {
        if (targetFk === fk || targetFk.refSchema !== named.schema || targetFk.refTable !== named.name) continue;
        if (!isSubset(targetFk.columns, junction.primaryKey)) continue;
        candidates.push({
          target: named,
          toOne: false,
          pairs: [],
          fk,
          junction: {
            rel: junction,
            sourcePairs: fk.refColumns.map((c, i) => [c, fk.columns[i] ?? c]),
            targetPairs: targetFk.refColumns.map((c, i) => [c, targetFk.columns[i] ?? c]),
            targetFk,
          },
        });
      }
    }
  }
  // Embedding through a foreign-key column name: `author_id(*)` is the author (the table itself,
  // not each view over it).
  for (const fk of source.outgoing) {
    const target = snapshot.relations.get(key(fk.refSchema, fk.refTable));
    if (fk.throughView && target?.kind === 'view') continue;
    if (fk.columns.length === 1 && fk.columns[0] === relation) {
      if (target) candidates.push({ target, toOne: true, pairs: [[relation, fk.refColumns[0] ?? relation]], fk });
    }
  }
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
  let matches = candidates;
  // A table that references itself has both directions under its own name. PostgREST resolves the
  // name to the children (one-to-many) and reaches the parent through the foreign-key column's name
  // (`parent_id(*)`), so neither is ambiguous (PostgREST #960, #1643).
  if (named && named === source && hint === undefined) {
    const children = candidates.filter((c) => c.fk.table === source.name && c.fk.schema === source.schema && !c.toOne);
    const throughColumn = candidates.filter((c) => c.fk.columns.length === 1 && c.fk.columns[0] === relation);
    if (children.length === 1 && throughColumn.length === 0) matches = children;
  }
  if (hint !== undefined) {
    matches = candidates.filter(
      (c) =>
        (c.junction ? c.junction.rel.name === hint : c.fk.name === hint) ||
        (c.fk.columns.length === 1 && c.fk.columns[0] === hint) ||
        (c.fk.refColumns.length === 1 && c.fk.refColumns[0] === hint && c.toOne),
    );
  }
  if (matches.length === 1 && matches[0]) return matches[0];
  if (matches.length === 0) {
    throw pgrstError(
      400,
      'PGRST200',
      `Could not find a relationship between '${source.name}' and '${relation}' in the schema cache`,
      `Searched for a foreign key relationship between '${source.name}' and '${relation}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${source.schema}', but no matches were found.`,
      null,
    );
  }
  throw ambiguous(source, relation, matches);
}

function ambiguous(source: Relation, relation: string, matches: ResolvedEmbed[]): Error {
  const details = matches.map((m) =>
    m.junction
      ? {
          cardinality: 'many-to-many',
          embedding: `${source.name} with ${relation}`,
          relationship: `${m.junction.rel.name} using ${m.fk.name}(${m.fk.columns.join(', ')}) and ${m.junction.targetFk.name}(${m.junction.targetFk.columns.join(', ')})`,
        }
      : describe(m.fk, m.toOne ? 'many-to-one' : 'one-to-many'),
  );
  return pgrstError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${source.name}' and '${relation}'`,
    details,
    `Try changing '${relation}' to one of the following: ${matches.map((m) => `'${relation}!${m.fk.name}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}
