import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { linguiCataloguesPlugin } from './scripts/vite-lingui-catalogues.ts';
import { securityHeadersPlugin } from './scripts/vite-security-headers.ts';

/** The agency dashboard (index.html → src/main.tsx). The staff app has its own: staff/vite.config.ts. */
export default defineConfig({
  plugins: [linguiCataloguesPlugin(), react(), securityHeadersPlugin('dashboard')],
  // The layer both front ends share (as in tsconfig.app.json's paths).
  resolve: { alias: { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) } },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
});
