// The linter (npm run lint): ESLint with typescript-eslint's recommended rules for every source file
// (TypeScript, the scripts, the bench, the webview's script), and the line limit the formatter keeps
// (Prettier, .prettierrc.json) also for a comment, which it does not break. A long string, template or
// regex is let be: split, a message could no longer be found by grep as a user reads it. The engine and the language
// server import no file system: the disk is read in server/src/host/ alone.
import js from '@eslint/js';
import stylistic from '@stylistic/eslint-plugin';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'out/',
      'dist/',
      'server/dist/',
      'media/codicons/',
      'server/src/engine/shape/generated/',
      'test/editor/workspace/',
      'test/**/fixtures/',
      'examples/',
      '.vscode-test/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    plugins: { '@stylistic': stylistic },
    rules: {
      // The compiler checks every name in these files (the scripts and the webview's too: checkJs).
      'no-undef': 'off',
      // Matching NUL and terminal escapes is what hostile-input code and its tests do.
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { args: 'all', argsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@stylistic/max-len': [
        'error',
        {
          code: 120,
          tabWidth: 2,
          ignoreUrls: true,
          ignoreStrings: true,
          ignoreTemplateLiterals: true,
          ignoreRegExpLiterals: true,
        },
      ],
    },
  },
  {
    files: ['server/src/engine/**/*.ts', 'server/src/lsp/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['fs', 'node:fs', 'fs/promises', 'node:fs/promises'].map((name) => ({
            name,
            message: 'The disk is read in server/src/host/ (safeRead.ts, folderWalk.ts, fileStamp.ts) alone.',
          })),
        },
      ],
    },
  },
);
