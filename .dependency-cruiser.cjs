/**
 * Import boundaries (ARCHITECTURE section 3): routes -> features -> components/lib/styles -> shared;
 * server -> shared; the client and the server never import each other; src/shared stays pure.
 */
module.exports = {
  forbidden: [
    {
      name: 'shared-is-pure',
      severity: 'error',
      comment: 'src/shared runs on both sides: no client, server, DOM-framework or Node code.',
      from: { path: '^src/shared/' },
      to: {
        path: ['^src/(client|server)/', '^sw/', '^node_modules/(react|react-dom|hono|drizzle-orm|pg|@electric-sql|sharp|@node-rs)/'],
        dependencyTypesNot: ['type-only'],
      },
    },
    { name: 'shared-no-node', severity: 'error', from: { path: '^src/shared/' }, to: { dependencyTypes: ['core'] } },
    {
      name: 'client-not-server',
      severity: 'error',
      comment: 'The browser never loads server code; lib/api-client.ts alone reads the route types (next rule).',
      from: { path: '^src/client/', pathNot: '^src/client/lib/api-client\\.ts$' },
      to: { path: '^src/server/' },
    },
    {
      name: 'typed-client-reads-contract-types-only',
      severity: 'error',
      comment: "The typed client imports the routes' generated contract, for its types, and nothing else of the server.",
      from: { path: '^src/client/lib/api-client\\.ts$' },
      to: { path: '^src/server/', pathNot: '^src/server/api-contract\\.gen\\.d\\.ts$' },
    },
    {
      name: 'typed-client-contract-is-type-only',
      severity: 'error',
      from: { path: '^src/client/lib/api-client\\.ts$' },
      to: { path: '^src/server/', dependencyTypesNot: ['type-only'] },
    },
    { name: 'server-not-client', severity: 'error', from: { path: '^src/server/' }, to: { path: ['^src/client/', '^sw/'] } },
    { name: 'client-no-node', severity: 'error', from: { path: '^src/client/' }, to: { dependencyTypes: ['core'] } },
    { name: 'sw-only-workbox-and-shared', severity: 'error', from: { path: '^sw/' }, to: { pathNot: ['^sw/', '^src/shared/', '^node_modules/workbox-'] } },
    {
      name: 'shared-ui-not-features',
      severity: 'error',
      comment: 'components, lib, styles and stores are shared: they never import features or routes.',
      from: { path: '^src/client/(components|lib|styles|stores)/' },
      to: { path: '^src/client/(features|routes)/' },
    },
    { name: 'features-not-routes', severity: 'error', from: { path: '^src/client/features/' }, to: { path: '^src/client/routes/' } },
    {
      name: 'feature-not-other-feature',
      severity: 'error',
      comment: 'A feature does not import another feature.',
      from: { path: '^src/client/features/([^/]+)/' },
      to: { path: '^src/client/features/', pathNot: '^src/client/features/$1/' },
    },
    {
      name: 'services-without-hono',
      severity: 'error',
      comment: 'Business logic is plain functions of (db, input).',
      from: { path: '^src/server/(services|db)/' },
      to: { path: ['^node_modules/hono/', '^node_modules/@hono/', '^src/server/(routes|http)/'] },
    },
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    { name: 'tests-not-imported', severity: 'error', from: { path: '^(src|sw)/' }, to: { path: '^tests/' } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)routeTree\\.gen\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.d.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
