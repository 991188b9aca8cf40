import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * React Router 7's package exports name only its development build (dist/development), whatever
 * the bundler's mode: a production bundle carried its dev warnings and checks ("💿 Hey developer",
 * ENABLE_DEV_WARNINGS = true), about 4 KB gzipped of every first load (remix-run/react-router
 * issues 14102 and 14753). Its production build ships beside it in dist/production with the same
 * entries; `vite build` resolves `react-router` and `react-router/dom` there. The dev server keeps
 * the development build and its warnings.
 */
export function reactRouterProductionPlugin(): Plugin {
  const require = createRequire(import.meta.url);
  const production = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist', 'production');
  return {
    name: 'carecover:react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: path.join(production, 'index.mjs') },
          { find: /^react-router\/dom$/, replacement: path.join(production, 'dom-export.mjs') },
        ],
      },
    }),
  };
}
