/**
 * The server's modules, their doors and their one direction (ARCHITECTURE.md "modules",
 * docs/decisions/0006-module-doors.md), checked by `npm run lint`. Run from a folder that holds
 * `src/` (apps/server, or a fixture of `test/lint-doors.test.ts`) on `src test bench cluster
 * scripts`: a module is entered only through its door `modules/<area>/index.ts` (or its
 * `events.ts` for the event types); a module imports only modules of lower layers; the aggregate
 * of all tables `db/schema.ts` feeds drizzle-kit and nothing else; no import circles.
 * Biome's noRestrictedImports matches the import text only and cannot tell where
 * `../../modules/x/y.ts` leads or which module the importing file belongs to, hence this tool.
 */

/**
 * The modules from the lowest layer to the highest. A module imports modules of lower layers
 * only, never one of its own layer or above (not even a type or an event declaration): a lower
 * module that needs something of a higher one gets it handed in at start (the member cards'
 * reputation parts) or learns of it from an event declared low enough for both.
 */
export const layers = [
  ['users', 'categories', 'places', 'health', 'guides'],
  ['auth', 'ratings', 'reports'],
  ['media', 'contact', 'templates'],
  ['verification', 'follows'],
  ['listings'],
  ['favorites', 'chat', 'payments'],
  ['forum', 'stories', 'my-listings', 'analytics'],
  ['admin'],
  ['moderation', 'career', 'news', 'partner'],
  ['notifications'],
  ['saved-searches', 'local-events', 'shops'],
  ['members'],
  ['calendar'],
];

const MODULE = '^src/modules/[^/]+/';
const DOOR = '^src/modules/[^/]+/(index|events)\\.ts$';
const SCHEMA = '^src/modules/[^/]+/schema\\.ts$';
const any = (names) => `^src/modules/(${names.join('|')})/`;

/**
 * One rule per layer, and one for its tables: a `schema.ts` may name a table of any module for a
 * foreign key (the uploads name the ad and the chat message they belong to), which is no import
 * of behaviour.
 */
const direction = layers.flatMap((layer, index) => {
  const below = layers.slice(0, index).flat();
  const allowed = ['^src/modules/$1/', ...(below.length > 0 ? [any(below)] : [])];
  const rule = {
    name: 'direction',
    comment: `A module of layer ${index} (${layer.join(', ')}) imports only modules of lower layers (docs/decisions/0006-module-doors.md).`,
    severity: 'error',
  };
  return [
    { ...rule, from: { path: any(layer), pathNot: SCHEMA }, to: { path: MODULE, pathNot: allowed } },
    {
      ...rule,
      from: { path: `${any(layer)}schema\\.ts$` },
      to: { path: MODULE, pathNot: [...allowed, SCHEMA] },
    },
  ];
});

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'module-door',
      comment:
        "Another module is used only through its door, modules/<area>/index.ts (or events.ts for its event types); a schema.ts may name another module's schema.ts for a foreign key.",
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/', pathNot: SCHEMA },
      to: { path: MODULE, pathNot: ['^src/modules/$1/', DOOR] },
    },
    {
      name: 'module-door',
      comment: "A module's schema.ts names another module's tables only through that module's schema.ts.",
      severity: 'error',
      from: { path: `^src/modules/([^/]+)/schema\\.ts$` },
      to: { path: MODULE, pathNot: ['^src/modules/$1/', DOOR, SCHEMA] },
    },
    {
      name: 'outside-door',
      comment:
        'Code outside the modules (app.ts, plugins, realtime, jobs, db, tests, benches, scripts) uses a module through its index.ts (or events.ts); the tables of realtime/ and jobs/ name modules’ tables for foreign keys.',
      severity: 'error',
      from: {
        path: '^(src|test|bench|cluster|scripts)/',
        pathNot: ['^src/modules/', '^src/[^/]+/schema\\.ts$'],
      },
      to: { path: MODULE, pathNot: DOOR },
    },
    {
      name: 'outside-door',
      comment:
        'The tables outside the modules (db/, realtime/, jobs/) name modules’ tables only through their schema.ts.',
      severity: 'error',
      from: { path: '^src/[^/]+/schema\\.ts$' },
      to: { path: MODULE, pathNot: [DOOR, SCHEMA] },
    },
    {
      name: 'aggregate-schema',
      comment:
        'db/schema.ts gathers every table for drizzle-kit; only scripts and the demo data (db/seed/, which writes every area’s rows in bulk) import it. Modules, plugins and tests use the doors.',
      severity: 'error',
      from: { pathNot: ['^scripts/', '^src/db/seed/'] },
      to: { path: '^src/db/schema\\.ts$' },
    },
    {
      name: 'shared-not-up',
      comment:
        'lib/, config.ts and db/client.ts serve every module and import none of them, nor plugins, realtime, jobs or app.ts.',
      severity: 'error',
      from: { path: '^src/(lib/|config\\.ts$|db/client\\.ts$)' },
      to: { path: '^src/(modules|plugins|realtime|jobs)/|^src/(app|main)\\.ts$' },
    },
    ...direction,
    {
      name: 'no-cycle',
      comment: 'Files do not import each other in a circle, not even for types.',
      severity: 'error',
      from: { path: '^(src|test|bench|cluster|scripts)/' },
      to: { circular: true },
    },
  ],
  options: {
    includeOnly: '^(src|test|bench|cluster|scripts)/',
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.mjs', '.js'] },
  },
};
