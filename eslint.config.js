import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Every feature folder of an app, read from the tree so that a new feature is covered at once. */
const featuresOf = (root) =>
  readdirSync(new URL(`./${root}/features`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * Unidirectional architecture, as bulletproof-react lints it: a feature never imports another
 * feature (pages in app/ combine them), and the shared layer (shared/) imports no app code at all.
 */
function featureZones(root, features) {
  return features.map((feature) => ({
    target: `./${root}/features/${feature}`,
    from: `./${root}/features`,
    except: [`./${feature}`],
    message: 'A feature does not import another feature: combine them in a page under app/.',
  }));
}
const SHARED_LAYER = ['./shared'];
const sharedZones = [
  {
    target: SHARED_LAYER,
    from: ['./src', './staff'],
    message: 'The shared layer imports no app code (the dashboard in src/, or the staff app).',
  },
  // Inside each app, features sit below app/ and never reach up into it.
  { target: './src/features', from: './src/app', message: 'Features never import the app layer.' },
  { target: './staff/src/features', from: './staff/src/app', message: 'Features never import the app layer.' },
];

/** Both apps import the shared layer the same way: by its alias, never by a relative path. */
const SHARED_BY_ALIAS = {
  regex: '^(\\.\\./)+shared/',
  message: 'Import the shared layer as @shared/…, not by a relative path.',
};

/**
 * Every screen's texts come from the message catalogue (issue 29, docs/i18n.md): a literal that a
 * person would read is an error anywhere in both apps and the shared layer, tests' own fixtures
 * aside; scripts/eslint-i18n-rule.test.ts plants a literal to prove it fires.
 */
export const TRANSLATED_FILES = ['src/**/*.tsx', 'staff/src/**/*.tsx', 'shared/**/*.tsx'];

/** Tests render throwaway elements of their own; their texts are fixtures, not the product's. */
const TRANSLATION_EXEMPT = ['**/*.test.tsx'];

const NO_LITERAL_TEXT = [
  'error',
  {
    // JSX text and the string props a person reads or hears; not styling props (size="lg").
    mode: 'jsx-only',
    'jsx-attributes': {
      include: [
        'label',
        'title',
        'subtitle',
        'placeholder',
        'aria-label',
        'alt',
        'description',
        'error',
        'message',
        'passwordLabel',
        'confirmLabel',
      ],
    },
    words: {
      exclude: [
        // The plugin's own: punctuation and numbers, CONSTANT_NAMES.
        '[0-9!-/:-@[-`{-~\\s]+',
        '[A-Z_-]+',
        // Catalogue keys and code values ('landing.hero.title', 'expired'): one lower-case token.
        '[a-z][a-zA-Z0-9]*([.-][a-zA-Z0-9]+)*',
      ],
    },
    message: 'Text a person reads comes from the message catalogue (docs/i18n.md)',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-staff',
      'node_modules',
      '.stack',
      'scratch',
      'shared/types/database.types.ts',
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
    files: ['src/**/*.{ts,tsx}', 'staff/src/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        importX.createNodeResolver({
          extensions: ['.ts', '.tsx', '.js'],
          // @shared/… as tsconfig.app.json's paths and the vite configs map it, so the zones see it.
          alias: { '@shared': [fileURLToPath(new URL('./shared', import.meta.url))] },
        }),
      ],
      // no-cycle reads the imported modules too: with TypeScript's parser, not espree.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones('src', featuresOf('src')),
            ...featureZones('staff/src', featuresOf('staff/src')),
            ...sharedZones,
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.tsx', 'staff/src/**/*.tsx', 'shared/**/*.tsx'],
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
              regex: '^(\\.\\./)+src/',
              message: 'The staff app uses the shared layer (@shared/…), never the dashboard (src/).',
            },
            SHARED_BY_ALIAS,
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
        {
          patterns: [
            { regex: '(^|/)staff/src/', message: 'The dashboard never imports the staff app.' },
            SHARED_BY_ALIAS,
          ],
        },
      ],
    },
  },
  {
    files: TRANSLATED_FILES,
    ignores: TRANSLATION_EXEMPT,
    plugins: { i18next },
    rules: { 'i18next/no-literal-string': NO_LITERAL_TEXT },
  },
);
