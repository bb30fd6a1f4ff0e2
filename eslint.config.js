// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  // Layering and import cycles are checked by dependency-cruiser (.dependency-cruiser.cjs), also in `npm run lint`.
  { ignores: ['dist/', 'node_modules/', 'data/', 'coverage/', '.dependency-cruiser.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'error',
    },
  },
  {
    files: ['test/**', 'bench/**', 'scripts/**', 'src/sandbox/main.ts', 'src/main.ts', 'src/console/**'],
    rules: { 'no-console': 'off' },
  },
);
