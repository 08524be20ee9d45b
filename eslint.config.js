import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', '**/coverage/**', '**/test-results/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // A remote that imports antd or react-router itself bundles a second copy, outside the
    // shell's theme, App context and router; the shared re-exports keep one of each.
    files: ['mfe-*/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'antd', message: 'Import antd components from @printpool/ui.' },
            { name: 'react-router', message: 'Import router APIs from @printpool/platform.' },
            { name: 'react-router-dom', message: 'Import router APIs from @printpool/platform.' },
          ],
          patterns: [{ group: ['antd/*'], message: 'Import antd components from @printpool/ui.' }],
        },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
);
