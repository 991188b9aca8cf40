import { describe, expect, it } from 'vitest';
import { HttpError } from '../gateway/http.ts';
import { resolveEmbed } from './relationships.ts';
import { key, type ForeignKey, type Relation, type SchemaSnapshot } from './schema-cache.ts';

// The tables of postgrest-js' own live suite that exercise PostgREST's embedding rules.
function relation(name: string, columns: string[], primaryKey: string[] = ['id']): Relation {
  const list = columns.map((c) => ({
    name: c,
    type: 'text',
    typname: 'text',
    nullable: true,
    hasDefault: false,
    defaultExpr: null,
    generated: false,
  }));
  return {
    schema: 'public',
    name,
    kind: 'table',
    columns: new Map(list.map((c) => [c.name, c])),
    columnList: list,
    primaryKey,
    uniques: [primaryKey],
    outgoing: [],
    incoming: [],
    computed: new Map(),
    computedRelations: new Map(),
  };
}
const users = relation('users', ['username'], ['username']);
const bestFriends = relation('best_friends', ['id', 'first_user', 'second_user', 'third_wheel']);
const collections = relation('collections', ['id', 'parent_id']);
const lab = relation('lab', ['id', 'parent', 'main']);
function link(from: Relation, column: string, to: Relation, refColumn: string, name: string): void {
  const fk: ForeignKey = {
    name,
    schema: 'public',
    table: from.name,
    columns: [column],
    refSchema: 'public',
    refTable: to.name,
    refColumns: [refColumn],
    oneToOne: false,
  };
  from.outgoing.push(fk);
  to.incoming.push(fk);
}
// Created in an order unlike PostgREST's, which sorts them.
link(bestFriends, 'third_wheel', users, 'username', 'best_friends_third_wheel_fkey');
link(bestFriends, 'first_user', users, 'username', 'best_friends_first_user_fkey');
link(bestFriends, 'second_user', users, 'username', 'best_friends_second_user_fkey');
link(collections, 'parent_id', collections, 'id', 'collections_parent_id_fkey');
link(lab, 'parent', lab, 'id', 'lab_parent_fkey');
link(lab, 'main', lab, 'id', 'lab_main_fkey');
const snapshot: SchemaSnapshot = {
  relations: new Map([users, bestFriends, collections, lab].map((r) => [key('public', r.name), r])),
  functions: new Map(),
  roleSettings: new Map(),
  loadedAt: 0,
};

const embed = (source: Relation, name: string, hint?: string): { target: string; toOne: boolean; fk: string } => {
  const resolved = resolveEmbed(snapshot, source, name, hint);
  return { target: resolved.target.name, toOne: resolved.toOne, fk: resolved.fk.name };
};
const failure = (source: Relation, name: string, hint?: string): Record<string, unknown> => {
  try {
    resolveEmbed(snapshot, source, name, hint);
  } catch (error) {
    if (error instanceof HttpError) return error.body as Record<string, unknown>;
  }
  throw new Error('expected an error');
};

describe('resolveEmbed (PostgREST findRel)', () => {
  it('embeds by a foreign key constraint name as the target', () => {
    expect(embed(users, 'best_friends_first_user_fkey')).toEqual({
      target: 'best_friends',
      toOne: false,
      fk: 'best_friends_first_user_fkey',
    });
    expect(embed(bestFriends, 'users', 'best_friends_second_user_fkey').fk).toBe('best_friends_second_user_fkey');
    expect(embed(bestFriends, 'users', 'third_wheel').fk).toBe('best_friends_third_wheel_fkey');
  });
  it('lists an ambiguous embed in PostgREST order, named from the source', () => {
    const error = failure(users, 'best_friends');
    expect(error.code).toBe('PGRST201');
    expect(error.details).toEqual(
      ['first_user', 'second_user', 'third_wheel'].map((c) => ({
        cardinality: 'one-to-many',
        embedding: 'users with best_friends',
        relationship: `best_friends_${c}_fkey using users(username) and best_friends(${c})`,
      })),
    );
    expect(error.hint).toBe(
      "Try changing 'best_friends' to one of the following: 'best_friends!best_friends_first_user_fkey', 'best_friends!best_friends_second_user_fkey', 'best_friends!best_friends_third_wheel_fkey'. Find the desired relationship in the 'details' key.",
    );
  });
  it('a self-referencing table: its name is the children, its column the parent', () => {
    expect(embed(collections, 'collections')).toMatchObject({ toOne: false });
    expect(embed(collections, 'parent_id')).toMatchObject({ toOne: true });
    // With a column hint, the one-to-many side whose referencing column it is.
    expect(embed(collections, 'collections', 'parent_id')).toMatchObject({ toOne: false });
    // PostgREST finds no self relationship by its constraint's name (supabase-js #2517).
    expect(failure(collections, 'collections', 'collections_parent_id_fkey').code).toBe('PGRST200');
    expect(failure(lab, 'lab').code).toBe('PGRST201');
    expect(embed(lab, 'parent')).toMatchObject({ toOne: true, fk: 'lab_parent_fkey' });
  });
});
