import js from '@eslint/js';
import pluginVue from 'eslint-plugin-vue';
import globals from 'globals';
import tseslint from 'typescript-eslint';

import * as sfcParser from './scripts/eslint-sfc-parser.mjs';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-electron/**',
      'release/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginVue.configs['flat/recommended'],
  // The SFCs' scripts go through scripts/eslint-sfc-parser.mjs: one TypeScript program holds every
  // SFC's script, where the project service built a program and a checker again for each SFC (558 of
  // the lint's 807 CPU seconds, issue 27; now about 55 for the 155 SFCs, the same findings).
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: sfcParser, extraFileExtensions: ['.vue'] } },
  },
  // Type-aware rules: a promise nobody awaits (an IPC handler, a timer, a click handler) loses its
  // error silently, so each one must be awaited, returned, caught or marked `void` on purpose.
  // `npm run lint-and-typecheck` lints the SFCs (`lint:vue`) and the .ts files (`lint:code`) in two
  // processes, beside vue-tsc and Prettier.
  {
    files: ['**/*.ts', '**/*.vue'],
    languageOptions: {
      // `.vue` is declared for every file, not only for .vue ones: typescript-eslint hands
      // extraFileExtensions to its TypeScript project service, and each change of the value between
      // one file and the next reloads the whole project.
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
        extraFileExtensions: ['.vue'],
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      ecmaVersion: 2023,
      sourceType: 'module',
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'vue/multi-word-component-names': 'off',
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
      'vue/html-indent': 'off',
      'vue/html-closing-bracket-newline': 'off',
      'vue/multiline-html-element-content-newline': 'off',
    },
  },
);
