import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The module rules are enforced by lint, not only written down (ARCHITECTURE.md "modules",
 * docs/decisions/0006-module-doors.md): dependency-cruiser with `apps/server/.dependency-cruiser.mjs`
 * in `npm run lint`. `fixtures/lint-doors` is a small tree laid out like the server (three modules
 * of three layers, app.ts, a test, a script; files named `*.ts.fixture` so that the compiler, the
 * lint of the repository and Vitest leave them alone) that keeps every rule. Each case copies it
 * into a temporary folder, adds one probe import to one file, and lints it as `npm run lint` does.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const server = path.resolve(here, '..');
const config = path.join(server, '.dependency-cruiser.mjs');
// The workspaces share the root's node_modules; the package exports no path to its command.
const cli = path.join(server, '../../node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
const fixture = path.join(here, 'fixtures/lint-doors');
const folders: string[] = [];

afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/**
 * Copies the fixture into a fresh folder, appends `probe.line` to `probe.file` when given and
 * runs the check on it: the exit code and the reported rules as `rule: from → to` (a cycle names
 * its first step only).
 */
function lintDoors(probe?: { file: string; line: string }): { status: number | null; errors: string[] } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-doors-'));
  folders.push(root);
  for (const file of fs.readdirSync(fixture, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts.fixture')) continue;
    const target = path.join(root, file.replace(/\.fixture$/, ''));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(path.join(fixture, file), target);
  }
  if (probe) fs.appendFileSync(path.join(root, probe.file), `${probe.line}\n`);
  const run = spawnSync(process.execPath, [cli, '--config', config, 'src', 'test', 'scripts'], {
    cwd: root,
    encoding: 'utf8',
  });
  const errors = [...run.stdout.matchAll(/^\s*error (\S+): (\S+) → ?(\S*)/gm)].map(([, rule, from, to]) =>
    `${rule}: ${from} → ${to}`.trim(),
  );
  return { status: run.status, errors: [...new Set(errors)].sort() };
}

const LINT_MS = 60_000;

describe('the server lint keeps modules behind their doors and in one direction (decision 0006)', () => {
  it('passes a tree whose modules meet through their doors, downwards only', { timeout: LINT_MS }, () => {
    expect(lintDoors()).toEqual({ status: 0, errors: [] });
  });

  it.each([
    {
      probe: 'an import that closes a circle inside a module',
      file: 'src/modules/listings/queries.ts',
      line: "import './service.ts';",
      errors: ['no-cycle: src/modules/listings/queries.ts →'],
    },
    {
      probe: "another module's internals through ../../modules/x/internal.ts",
      file: 'src/modules/favorites/service.ts',
      line: "import '../../modules/listings/queries.ts';",
      errors: ['module-door: src/modules/favorites/service.ts → src/modules/listings/queries.ts'],
    },
    {
      probe: 'the aggregate of all tables, db/schema.ts, from a module',
      file: 'src/modules/favorites/service.ts',
      line: "import '../../db/schema.ts';",
      errors: ['aggregate-schema: src/modules/favorites/service.ts → src/db/schema.ts'],
    },
    {
      probe: "a module's internals from a test file",
      file: 'test/favorites.test.ts',
      line: "import '../src/modules/favorites/service.ts';",
      errors: ['outside-door: test/favorites.test.ts → src/modules/favorites/service.ts'],
    },
    {
      probe: 'a higher module from a lower one, even for a type only',
      file: 'src/modules/users/reports.ts',
      line: "import type { listFavorites } from '../favorites/index.ts';",
      errors: ['direction: src/modules/users/reports.ts → src/modules/favorites/index.ts'],
    },
    {
      probe: "a higher module's event declarations from a lower one",
      file: 'src/modules/listings/index.ts',
      line: "import '../favorites/events.ts';",
      errors: ['direction: src/modules/listings/index.ts → src/modules/favorites/events.ts'],
    },
  ])('fails on $probe', { timeout: LINT_MS }, ({ file, line, errors }) => {
    expect(lintDoors({ file, line })).toEqual({ status: errors.length, errors });
  });
});

/** The plugin behind a door: its Fastify name and the plugins it says it needs. */
interface PluginMeta {
  name: string;
  dependencies?: string[];
}

describe("the modules' Fastify plugins depend downwards only (decision 0006)", () => {
  it("every door's dependencies name only modules of lower layers", async () => {
    const { layers } = (await import(pathToFileURL(config).href)) as { layers: string[][] };
    const modules = fs.readdirSync(path.join(server, 'src/modules'));
    expect([...modules].sort()).toEqual(layers.flat().sort());
    const doors = await Promise.all(
      modules.map(async (area) => {
        const door = (await import(path.join(server, 'src/modules', area, 'index.ts'))) as {
          default: Record<symbol, PluginMeta>;
        };
        const meta = door.default[Symbol.for('plugin-meta')];
        if (!meta) throw new Error(`${area}/index.ts exports no fastify-plugin`);
        return { area, meta, layer: layers.findIndex((layer) => layer.includes(area)) };
      }),
    );
    const byName = new Map(doors.map((door) => [door.meta.name, door]));
    const upwards = doors.flatMap(({ area, meta, layer }) =>
      (meta.dependencies ?? [])
        .filter((name) => {
          const needed = byName.get(name);
          return needed !== undefined && needed.layer >= layer;
        })
        .map((name) => `${area} → ${name}`),
    );
    expect(upwards).toEqual([]);
  });
});
