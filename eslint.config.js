import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-staff',
      'node_modules',
      '.stack',
      'scratch',
      'src/types/database.types.ts',
      'supabase/functions',
      'stack/tests/fixtures',
    ],
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Render user text as text: dangerouslySetInnerHTML is banned.',
        },
        // The same hole outside React: anything that parses a string as HTML.
        {
          selector: 'AssignmentExpression > MemberExpression.left[property.name=/^(innerHTML|outerHTML)$/]',
          message: 'Render user text as text: set textContent, not innerHTML/outerHTML.',
        },
        {
          selector:
            'CallExpression > MemberExpression.callee[property.name=/^(insertAdjacentHTML|createContextualFragment)$/]',
          message: 'Render user text as text: HTML-parsing DOM methods are banned.',
        },
        {
          selector:
            "CallExpression > MemberExpression.callee[object.name='document'][property.name=/^(write|writeln)$/]",
          message: 'document.write parses HTML: build elements instead.',
        },
      ],
    },
  },
  {
    files: ['src/**/*.tsx', 'staff/src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Two front ends, one shared layer: neither imports the other's features or app (CONVENTIONS.md).
  {
    files: ['staff/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+src/(features|app)/',
              message:
                'The staff app uses the shared layer (src/components, src/lib, src/config, src/types), never the dashboard.',
            },
            {
              regex: '^react-router',
              message:
                'The staff app routes with staff/src/lib/router.tsx: React Router is ~12 KB of its 120 KB first load.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)staff/src/', message: 'The dashboard never imports the staff app.' }] },
      ],
    },
  },
);
