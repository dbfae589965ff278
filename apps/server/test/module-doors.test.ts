import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The module rule is enforced by lint, not only written down (ARCHITECTURE.md "modules",
 * docs/decisions/0006-module-doors.md): Biome's `noRestrictedImports` overrides in the
 * repository's biome.json. Each case of `fixtures/module-doors` is a small tree laid out like
 * the server (`apps/server/src/...`, files named `*.ts.fixture` so that the compiler and the
 * lint of the repository leave them alone); the test copies it next to the real biome.json
 * into a temporary folder and lints it there.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../../..');
const biome = path.join(repo, 'node_modules/.bin/biome');
const fixtures = path.join(here, 'fixtures/module-doors');
const folders: string[] = [];

afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/** Copies a fixture case and the repository's biome.json into a fresh folder; lints it. */
function lintCase(name: string): { status: number | null; output: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'module-doors-'));
  folders.push(root);
  fs.copyFileSync(path.join(repo, 'biome.json'), path.join(root, 'biome.json'));
  const source = path.join(fixtures, name);
  for (const file of fs.readdirSync(source, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts.fixture')) continue;
    const target = path.join(root, file.replace(/\.fixture$/, ''));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(path.join(source, file), target);
  }
  const run = spawnSync(
    biome,
    ['lint', '--vcs-enabled=false', '--only=style/noRestrictedImports', '--max-diagnostics=50', 'apps'],
    { cwd: root, encoding: 'utf8' },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('module doors (lint)', () => {
  it("reports imports of another module's internals, inside and outside the modules and from tests", () => {
    const { status, output } = lintCase('bad');
    expect(status).not.toBe(0);
    expect(output).toContain('apps/server/src/modules/favorites/service.ts:2');
    expect(output).toContain('apps/server/src/modules/favorites/service.ts:3');
    expect(output).toContain('apps/server/src/plugins/web-app.ts:2');
    expect(output).toContain('apps/server/test/sessions.test.ts:2');
    expect(output.match(/lint\/style\/noRestrictedImports/g)).toHaveLength(4);
    expect(output).toContain('reached only through its door');
  });

  it('accepts doors (also from tests), event declarations, shared helpers, foreign keys between tables and db/schema.ts', () => {
    const { status, output } = lintCase('good');
    expect(output).not.toContain('noRestrictedImports');
    expect(status).toBe(0);
  });
});
