// ESLint for the client, the commands, the parsers, the server and the tests (run by `npm run lint`, part of `npm test`).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

/** Modules that render: code that decides or fetches must not depend on them (see docs/ARCHITECTURE.md). */
const viewModules = ['**/src/views/**', '**/src/components/**', '**/views/**', '**/components/**'];
const noViewImports = (why) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: viewModules, message: why }] }],
  // The same boundary for `import('…')`, which no-restricted-imports does not see.
  'no-restricted-syntax': [
    'error',
    { selector: "ImportExpression > Literal[value=/\\/(views|components)\\//]", message: why },
    { selector: "TSImportType Literal[value=/\\/(views|components)\\//]", message: why },
  ],
});

/**
 * Views, components and registry commands read the store and change data through src/actions (one place per action,
 * with its store update); from the API layer they take types only.
 */
const apiBoundary = 'Views, components and commands act through src/actions and read src/state; import only types from src/api.';
const actionsOnlyModules = ['src/views/**', 'src/components/**', 'commands/**'];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.tmp/', 'data/', 'test-results/', 'playwright-report/', 'public/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // TypeScript's own checks cover these better (and `tsc` runs in the same step).
      'no-undef': 'off',
      'no-redeclare': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      // The two classic hook rules. The plugin's other recommended rules run the React Compiler over every component:
      // the app is not built with the compiler, they took nine tenths of the lint time, and meeting them (refs read
      // during render, state set in effects: about 50 places in the list views and the board) is a rework of its own.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
      // A keyboard-first app: a dialog, a form or an inline editor that opens puts the caret in its first field.
      'jsx-a11y/no-autofocus': 'off',
      // Keys handled on a container (Escape closes the popup, arrows move between rows) arrive from the focusable
      // controls inside it; only pointer handlers on a non-control need a keyboard equivalent.
      'jsx-a11y/no-noninteractive-element-interactions': ['error', { handlers: ['onClick', 'onMouseDown', 'onMouseUp'] }],
      'jsx-a11y/no-static-element-interactions': ['error', { handlers: ['onClick', 'onMouseDown', 'onMouseUp'] }],
      // A scrollable region and a keyboard-driven group (the gantt chart, the avatar cropper) are Tab stops on purpose.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['tabpanel', 'region', 'group'] }],
    },
  },
  { files: ['commands/**/*.ts'], rules: noViewImports('Commands act through state and api modules; what a view or component holds that a command needs belongs in src/state or src/app.') },
  { files: ['src/state/**/*.ts', 'src/api/**/*.ts', 'parsers/**/*.ts'], rules: noViewImports('State, api and parsers do not depend on what renders them.') },
  {
    files: actionsOnlyModules,
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/api/*'], allowTypeImports: true, message: apiBoundary }] }],
      'no-restricted-syntax': ['error', { selector: "ImportExpression > Literal[value=/\\/api\\//]", message: apiBoundary }],
    },
  },
);
