import coreWebVitals from 'eslint-config-next/core-web-vitals';
import typescript from 'eslint-config-next/typescript';

const config = [
  ...coreWebVitals,
  ...typescript,
  { ignores: ['dist/**', '.next/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts', 'lib/openapi/schema-validators/*.js'] },
  // One zod: its functional form, given English once (lib/core/zod.ts).
  {
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'zod', message: 'import zod from lib/core/zod.ts' }], patterns: [{ group: ['zod/*'], message: 'import zod from lib/core/zod.ts' }] }],
    },
  },
  { files: ['lib/core/zod.ts'], rules: { 'no-restricted-imports': 'off' } },
];

export default config;
