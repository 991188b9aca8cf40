/**
 * `npm run staff -- <command> …`: the staff mobile app from the command line, acting through
 * supabase-js with the worker's own session (never the service key). Commands and their
 * operations live in scripts/staff/; browser tests import scripts/staff/operations.ts directly.
 */

// supabase-js warns about Node 20 once, at import; that line would bury the one-line result.
const warn = console.warn;
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes('Node.js 20 and below are deprecated')) return;
  warn(...args);
};
const { runStaffCommand } = await import('./staff/commands.ts');
console.warn = warn;

process.exitCode = await runStaffCommand(process.argv.slice(2));
