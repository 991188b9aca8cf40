import { spawnSync } from 'node:child_process';
import { ANON_KEY, config, projectRoot } from '../stack/src/config.ts';

/**
 * The production build of one front end against the local stack: the dashboard (`dist/`) by
 * default, or CareCover Staff (`dist-staff/`) with its config file.
 */
export function buildFrontEnd(configFile?: 'staff/vite.config.ts'): void {
  const result = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', ...(configFile ? ['--config', configFile] : []), '--logLevel', 'warn'],
    {
      cwd: projectRoot,
      stdio: 'inherit',
      env: {
        ...process.env,
        VITE_SUPABASE_URL: process.env.VITE_SUPABASE_URL ?? `http://127.0.0.1:${config.apiPort}`,
        VITE_SUPABASE_ANON_KEY: process.env.VITE_SUPABASE_ANON_KEY ?? ANON_KEY,
      },
    },
  );
  if (result.status !== 0) throw new Error(`vite build ${configFile ?? ''} failed`);
}
