import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/**
 * The message catalogues (shared/i18n/catalogues, src/i18n, staff/src/i18n: flat JSON of key →
 * ICU message), compiled with Lingui's own compiler, as @lingui/vite-plugin does for its formats.
 * Lingui's production runtime then only interpolates the compiled form: no ICU parser ships.
 *
 * - `import url from './en.json?catalogue'` (the apps): the compiled catalogue becomes a hashed
 *   JSON file of the build, and the import its URL, fetched when the language is first activated.
 *   A catalogue is data: fetched as JSON it is not parsed and compiled as script, and it does not
 *   count against the first-load JavaScript budget (docs/i18n.md gives both numbers).
 * - a plain `import messages from './en.json'` (unit tests) is compiled in place.
 */
const CATALOGUE_FILE = /\/i18n\/(?:catalogues\/)?(?:en|fr-CA)\.json$/;
const QUERY = '?catalogue';
const DEV_PREFIX = '/@catalogue/';

export function compileCatalogue(source: Record<string, string>): Record<string, unknown> {
  // Plain text compiles to a one-element array too: the runtime warns on any bare string, taking
  // it for a message nobody compiled.
  return Object.fromEntries(Object.entries(source).map(([key, message]) => [key, compileMessage(message)]));
}

function compiledJson(file: string): string {
  return JSON.stringify(compileCatalogue(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>));
}

export function linguiCataloguesPlugin(): Plugin {
  let isServe = false;
  return {
    name: 'carecover:lingui-catalogues',
    enforce: 'pre',
    configResolved(config) {
      isServe = config.command === 'serve';
    },
    async resolveId(source, importer) {
      if (!source.endsWith(QUERY)) return null;
      const resolved = await this.resolve(source.slice(0, -QUERY.length), importer, { skipSelf: true });
      return resolved ? `\0${resolved.id}${QUERY}` : null;
    },
    load(id) {
      if (!id.startsWith('\0') || !id.endsWith(QUERY)) return null;
      const file = id.slice(1, -QUERY.length);
      if (!CATALOGUE_FILE.test(file)) throw new Error(`${file} is not a message catalogue`);
      this.addWatchFile(file);
      if (isServe) {
        // The dev server compiles it on each request (configureServer), so an edit shows on reload.
        return `export default ${JSON.stringify(DEV_PREFIX + encodeURIComponent(file))};`;
      }
      const reference = this.emitFile({ type: 'asset', name: path.basename(file), source: compiledJson(file) });
      return `export default import.meta.ROLLUP_FILE_URL_${reference};`;
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const url = request.url?.split('?')[0] ?? '';
        if (!url.startsWith(DEV_PREFIX)) return next();
        // Only catalogue files are served, whatever the path asks for.
        const file = path.resolve(decodeURIComponent(url.slice(DEV_PREFIX.length)));
        if (!CATALOGUE_FILE.test(file)) return next();
        response.setHeader('Content-Type', 'application/json');
        response.end(compiledJson(file));
      });
    },
    transform(code, id) {
      if (!CATALOGUE_FILE.test(id.split('?')[0] ?? '') || id.includes(QUERY)) return null;
      return { code: JSON.stringify(compileCatalogue(JSON.parse(code) as Record<string, string>)), map: null };
    },
  };
}
