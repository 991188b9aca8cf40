import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadEnv, type Plugin } from 'vite';
import { headersFile, parseHeadersFile, securityHeaders, type FrontEnd } from './security-headers.ts';

/**
 * Production headers for either front end. The build writes `_headers` (Netlify / Cloudflare Pages
 * format) for the Supabase URL it was built against; `vite preview` serves that same file's headers,
 * so the browser tests check exactly what a deployment sends. The dev server sets none: Vite's hot
 * reload needs inline script.
 */
export function securityHeadersPlugin(frontEnd: FrontEnd): Plugin {
  let supabaseUrl: string | undefined;
  return {
    name: `carecover-security-headers-${frontEnd}`,
    configResolved(config) {
      supabaseUrl = loadEnv(config.mode, config.envDir || config.root, 'VITE_').VITE_SUPABASE_URL;
    },
    generateBundle() {
      if (!supabaseUrl) return; // The app itself refuses to start without it (shared/config/env.ts).
      this.emitFile({ type: 'asset', fileName: '_headers', source: headersFile(supabaseUrl, frontEnd) });
    },
    configurePreviewServer(server) {
      const file = path.resolve(server.config.root, server.config.build.outDir, '_headers');
      const headers = existsSync(file)
        ? parseHeadersFile(readFileSync(file, 'utf8'))
        : supabaseUrl
          ? securityHeaders(supabaseUrl, frontEnd)
          : {};
      server.middlewares.use((_req, res, next) => {
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        next();
      });
    },
  };
}
