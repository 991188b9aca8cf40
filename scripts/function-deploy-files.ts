/**
 * What `supabase functions deploy <name>` ships, computed from the tree: the function's whole folder
 * (the bound to hold to, though the CLI uploads only what the entrypoint reaches) plus every local
 * module its files reach through relative imports (`import`/`export … from`, side-effect and literal
 * dynamic imports, type-only ones too), transitively, into `_shared/` or anywhere else.
 * Test modules live in `supabase/functions/tests/` and must never be in such a set:
 * scripts/function-deploy-files.test.ts checks it. `node --import tsx scripts/function-deploy-files.ts`
 * prints every function's set.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { functionsDir as defaultFunctionsDir } from '../stack/src/config.ts';

/** The folder of test modules and test-only helpers, beside the functions and never one of them. */
export const TESTS_DIR = 'tests';

/** Functions a deploy of everything would ship: folders with an index.ts, not `_shared`-like, not tests/. */
export function deployableFunctions(functionsDir: string = defaultFunctionsDir): string[] {
  return readdirSync(functionsDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('_') && !e.name.startsWith('.') && e.name !== TESTS_DIR)
    .filter((e) => existsSync(path.join(functionsDir, e.name, 'index.ts')))
    .map((e) => e.name)
    .sort();
}

/** Name parts that mark a module as a test or a test helper: `fake-tools.ts`, `stripe-testing.ts`, … */
const TEST_WORDS = new Set([
  'test',
  'tests',
  'testing',
  'fake',
  'fakes',
  'mock',
  'mocks',
  'stub',
  'stubs',
  'fixture',
  'fixtures',
]);

/** Whether a file (relative to the functions folder, `/`-separated) is a test module or test-only helper. */
export function isTestModule(file: string): boolean {
  const parts = file.split('/');
  if (parts[0] === TESTS_DIR) return true;
  const base = parts[parts.length - 1] ?? '';
  // Deno's own test names: foo.test.ts, foo_test.ts, test.ts (and .spec).
  if (/(^|[._])(test|spec)\.[cm]?[jt]sx?$/.test(base)) return true;
  const stem = base.replace(/\.[^.]+$/, '');
  return stem.split(/[-_.]/).some((word) => TEST_WORDS.has(word.toLowerCase()));
}

export interface DeployFile {
  /** Relative to the functions folder, `/`-separated (`../` when an import leaves it). */
  file: string;
  /** The module whose import brought it in; null for a file of the function's own folder. */
  via: string | null;
  /** An import that names a file that does not exist (the CLI warns and skips it). */
  missing?: true;
}

const CODE = /\.[cm]?[jt]sx?$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .sort();
}

/** Relative specifiers of a module, as Deno would follow them (comments and strings are not imports). */
function relativeImports(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return info.importedFiles.map((f) => f.fileName).filter((s) => s.startsWith('./') || s.startsWith('../'));
}

/** Every file `supabase functions deploy <name>` may upload, the function's folder first. */
export function deployFiles(name: string, functionsDir: string = defaultFunctionsDir): DeployFile[] {
  const rel = (abs: string): string => path.relative(functionsDir, abs).split(path.sep).join('/');
  const found = new Map<string, DeployFile>();
  const queue: string[] = [];
  for (const abs of filesUnder(path.join(functionsDir, name))) {
    found.set(abs, { file: rel(abs), via: null });
    queue.push(abs);
  }
  while (queue.length > 0) {
    const current = queue.shift() as string;
    if (!CODE.test(current) || found.get(current)?.missing) continue;
    for (const specifier of relativeImports(current)) {
      const target = path.resolve(path.dirname(current), specifier.replace(/[?#].*$/, ''));
      if (found.has(target)) continue;
      const exists = existsSync(target) && statSync(target).isFile();
      found.set(target, { file: rel(target), via: rel(current), ...(exists ? {} : { missing: true as const }) });
      queue.push(target);
    }
  }
  return [...found.values()];
}

export interface DeploySet {
  name: string;
  files: DeployFile[];
}

export function deploySets(functionsDir: string = defaultFunctionsDir): DeploySet[] {
  return deployableFunctions(functionsDir).map((name) => ({ name, files: deployFiles(name, functionsDir) }));
}

/** The import chain from the function's folder to a file: `handler.ts → ../_shared/x.ts`. */
function chain(files: DeployFile[], file: DeployFile): string {
  const byFile = new Map(files.map((f) => [f.file, f]));
  const steps = [file.file];
  for (let at = file; at.via !== null;) {
    const next = byFile.get(at.via);
    if (!next || steps.includes(next.file)) break;
    steps.unshift(next.file);
    at = next;
  }
  return steps.join(' → ');
}

/** One line per file, test modules and missing imports marked, with how an import reached them. */
export function describeDeploySets(sets: DeploySet[]): string {
  const lines: string[] = [];
  for (const { name, files } of sets) {
    lines.push(`supabase functions deploy ${name}: ${files.length} files`);
    for (const f of files) {
      const mark = isTestModule(f.file) ? '  ✗ TEST MODULE' : f.missing ? '  ✗ MISSING' : '';
      const how = f.via === null ? 'in the folder' : `imported: ${chain(files, f)}`;
      lines.push(`  ${f.file.padEnd(44)} ${how}${mark}`);
    }
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.stdout.write(`${describeDeploySets(deploySets())}\n`);
}
