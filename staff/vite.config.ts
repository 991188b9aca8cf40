import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { linguiCataloguesPlugin } from '../scripts/vite-lingui-catalogues.ts';
import { securityHeadersPlugin } from '../scripts/vite-security-headers.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const projectRoot = path.resolve(here, '..');

/**
 * CareCover Staff, the workers' installable mobile web app: its own page, bundle, manifest and
 * service worker, built to dist-staff/ and hosted apart from the dashboard. It reads the same
 * VITE_ settings from the project root (`npm start` writes them for the local stack).
 */
export default defineConfig({
  root: here,
  envDir: projectRoot,
  publicDir: path.join(here, 'public'),
  // Its own pre-bundled dependencies: sharing node_modules/.vite with the dashboard's dev server
  // (both run under `npm start`) made each re-optimise over the other's, and the first load of a
  // fresh clone kept failing with 504 Outdated Optimize Dep.
  cacheDir: path.join(projectRoot, 'node_modules/.vite-staff'),
  plugins: [linguiCataloguesPlugin(), react(), securityHeadersPlugin('staff')],
  // The layer both front ends share (as in tsconfig.app.json's paths).
  resolve: { alias: { '@shared': path.join(projectRoot, 'shared') } },
  build: { outDir: path.join(projectRoot, 'dist-staff'), emptyOutDir: true },
  server: { host: '127.0.0.1', port: 5174, strictPort: true, fs: { allow: [projectRoot] } },
  preview: { host: '127.0.0.1', port: 4174, strictPort: true },
});
