// Every tool's result passes through the SPEC §7 redaction on its way out, whoever calls it: the
// reads already select only readable columns, and this second line catches any column a later change
// might add (a push token, an employment time, a payment customer id).
import { redact } from '../privacy.ts';
import type { ToolDefinition, ToolName } from './types.ts';

export function defineTool<N extends ToolName>(definition: ToolDefinition<N>): ToolDefinition<N> {
  return { ...definition, run: async (ctx, args) => redact(await definition.run(ctx, args)) };
}
