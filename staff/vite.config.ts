import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
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
  plugins: [react(), securityHeadersPlugin('staff')],
  build: { outDir: path.join(projectRoot, 'dist-staff'), emptyOutDir: true },
  server: { host: '127.0.0.1', port: 5174, strictPort: true, fs: { allow: [projectRoot] } },
  preview: { host: '127.0.0.1', port: 4174, strictPort: true },
});
