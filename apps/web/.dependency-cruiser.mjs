/**
 * The web's rooms and doors (ARCHITECTURE.md "modules", STYLE.md "bulletproof-react"), checked by
 * `npm run lint`. Run from a folder that holds `src/` (apps/web, or a fixture of the lint test):
 * shared (`lib/`, `components/`, `i18n/`) → features → app; a feature is entered only through its
 * `features/<area>/index.ts`; no import cycles. Biome's noRestrictedImports matches the import text
 * only and cannot tell whether the importing file sits in the same feature, hence this tool.
 * @type {import('dependency-cruiser').IConfiguration}
 */
export default {
  forbidden: [
    {
      name: 'feature-door',
      comment: 'Another feature is used only through its door, features/<area>/index.ts.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: {
        path: '^src/features/[^/]+/',
        pathNot: ['^src/features/$1/', '^src/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'outside-door',
      comment: 'app/, lib/, components/ and tests outside features use a feature through its index.ts.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/features/' },
      to: { path: '^src/features/[^/]+/', pathNot: '^src/features/[^/]+/index\\.tsx?$' },
    },
    {
      name: 'features-not-app',
      comment:
        'app/ composes the features; a feature never imports from app/ (move the piece to lib/ or components/).',
      severity: 'error',
      from: { path: '^src/features/' },
      to: { path: '^src/app/' },
    },
    {
      name: 'shared-not-up',
      comment: 'lib/, components/ and i18n/ are shared by all features and import neither features nor app/.',
      severity: 'error',
      from: { path: '^src/(lib|components|i18n)/' },
      to: { path: '^src/(features|app)/' },
    },
    {
      name: 'no-cycle',
      comment: 'Modules do not import each other in a circle.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    includeOnly: '^src/',
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
