/** `order=col.desc.nullslast,other` (PostgREST's ordering grammar). */
import type { OrderTerm } from './ast.ts';
import { parseError } from './errors.ts';
import { parseField, splitTopLevel } from './parse-filter.ts';

export function parseOrder(raw: string): OrderTerm[] {
  return splitTopLevel(raw)
    .filter((part) => part.trim() !== '')
    .map((part) => {
      const pieces = part.trim().split('.');
      const term: OrderTerm = { field: parseField(pieces[0] ?? '', raw) };
      for (const modifier of pieces.slice(1)) {
        if (modifier === 'asc' || modifier === 'desc') term.direction = modifier;
        else if (modifier === 'nullsfirst') term.nulls = 'first';
        else if (modifier === 'nullslast') term.nulls = 'last';
        else {
          throw parseError(
            `failed to parse order (${raw})`,
            `unexpected "${modifier}" expecting "asc", "desc", "nullsfirst" or "nullslast"`,
          );
        }
      }
      return term;
    });
}
