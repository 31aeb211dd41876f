// The import borders of the web app, checked by `npm test` (scripts/check-borders.mjs):
// shared/ → features/ → app/, a feature never imports another feature, and no import cycle.
// What two features need lives in shared/; a page that composes features lives in app/.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'feature-to-feature',
      comment:
        'A feature imports only itself and shared/. Move what both need to src/shared/, ' +
        'or compose the two features in src/app/.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'feature-to-app',
      comment: 'app/ composes features; a feature never reaches back into app/.',
      severity: 'error',
      from: { path: '^src/features/' },
      to: { path: '^src/app/' },
    },
    {
      name: 'shared-to-feature-or-app',
      comment: 'shared/ is used by every feature and knows none of them.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(features|app)/' },
    },
    {
      name: 'no-circular',
      comment:
        'No import cycle (type-only imports count): what two modules both need moves to a third ' +
        'that imports neither (as shared/portal/filters.ts for keys.ts and the API modules).',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'unresolvable',
      comment:
        'Every import resolves (also `@/…`): an import the checker cannot follow would slip past ' +
        'the rules above.',
      severity: 'error',
      from: { path: '^src/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    tsPreCompilationDeps: true,
    // Resolves `@/…` through the app's tsconfig paths, as Vite and tsc do.
    tsConfig: { fileName: 'tsconfig.app.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.d.ts'],
    },
  },
};
