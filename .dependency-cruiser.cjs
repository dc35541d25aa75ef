/**
 * The layers of the README's layout table, checked by `npm run depcruise` (part of
 * `npm test`): a file imports only from its own layer or those below it, and no files import
 * each other in a circle. Tests may reach across layers (an integration test converts a
 * spec to check a rule), so the layer rules hold for the code the product ships.
 */
const LIB_LAYERS = [
  'core',
  'skill',
  'publish',
  'call',
  'bundle',
  'rules',
  'openapi',
  'targets',
  'convert',
  'curate',
  'update',
  'generate',
  'wizard',
];

const TESTS = '(\\.test\\.tsx?|\\.spec\\.ts)$';
const layerPath = (name) => (name === 'generate' ? '^lib/generate\\.ts$' : `^lib/${name}/`);

const upward = LIB_LAYERS.map((name, i) => ({
  name: `lib-${name}-imports-above`,
  comment: `lib/${name} is below ${LIB_LAYERS.slice(i + 1).join(', ')}: it may not import from them`,
  severity: 'error',
  from: { path: layerPath(name), pathNot: TESTS },
  to: { path: LIB_LAYERS.slice(i + 1).map(layerPath) },
})).filter((rule) => rule.to.path.length > 0);

module.exports = {
  forbidden: [
    ...upward,
    {
      name: 'lib-imports-the-app',
      comment: 'lib/ is the pure library under the app, the CLI and the tests: it imports none of them',
      severity: 'error',
      from: { path: '^lib/', pathNot: TESTS },
      to: { path: '^(app|components|cli|e2e|bench|scripts|test)/' },
    },
    {
      name: 'no-circular',
      comment: 'files that import each other in a circle cannot be read, tested or moved one at a time',
      severity: 'error',
      from: { pathNot: TESTS },
      to: { circular: true, pathNot: '^node_modules/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|\\.next|dist)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    // Type-only imports count: a circle of types is as hard to read as one of values.
    tsPreCompilationDeps: true,
  },
};
