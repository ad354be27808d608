import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** The rule ids ESLint reports for `code` as if it were the file at `file`. */
async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(file) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('the rooms, kept apart by npm run lint', () => {
  it.each([
    [
      'the contract imports the server',
      'contract/example.ts',
      "import { buildApp } from '../server/app.js';\nexport const x = buildApp;\n",
    ],
    [
      'the contract imports the web app',
      'contract/example.ts',
      "import { ApiError } from '../web/src/lib/api-client';\nexport const x = ApiError;\n",
    ],
    [
      'the server imports the web app',
      'server/example.ts',
      "import { ApiError } from '../web/src/lib/api-client';\nexport const x = ApiError;\n",
    ],
    [
      'the web app imports the server',
      'web/src/lib/example.ts',
      "import { AppError } from '../../../server/http/errors';\nexport const x = AppError;\n",
    ],
    [
      'a shared component imports a feature',
      'web/src/components/Example.tsx',
      "import { useAuth } from '../features/auth/auth-context';\nexport const x = useAuth;\n",
    ],
    [
      'lib imports a route',
      'web/src/lib/example.ts',
      "import { Component } from '../routes/blog';\nexport const x = Component;\n",
    ],
    [
      'a feature imports a route',
      'web/src/features/orders/example.ts',
      "import { Component } from '../../routes/blog';\nexport const x = Component;\n",
    ],
    [
      "a feature reaches into another's files",
      'web/src/features/orders/example.ts',
      "import { useProduct } from '../products/api';\nexport const x = useProduct;\n",
    ],
  ])('when %s, then lint fails', async (_what, file, code) => {
    expect(await problems(file, code)).toContain('import/no-restricted-paths');
  });

  it.each([
    [
      "a feature uses another's public entry",
      'web/src/features/orders/example.ts',
      "import { productKeys } from '../products';\nexport const x = productKeys;\n",
    ],
    [
      'a feature uses its own files and shared lib',
      'web/src/features/orders/example.ts',
      "import { orderKeys } from './api';\nimport { apiGet } from '../../lib/api-client';\nexport const x = [orderKeys, apiGet];\n",
    ],
    [
      'a route uses a feature',
      'web/src/routes/example.tsx',
      "import { useProduct } from '../features/products/api';\nexport const x = useProduct;\n",
    ],
    [
      'the server uses the contract',
      'server/example.ts',
      "import { apiPaths } from '../contract/index.js';\nexport const x = apiPaths;\n",
    ],
  ])('when %s, then lint passes', async (_what, file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });
});
