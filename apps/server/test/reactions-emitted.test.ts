import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Durable reactions run only for events emitted inside `events.transaction`
 * (docs/decisions/0022-durable-reactions.md); `events.publish` only announces. This reads the
 * server's sources: every event type that has a reaction (`events.react('type', ...)`) must never
 * be published with `publish('type', ...)`, or its reactions would silently not run. The demo
 * data (`db/seed/`) is the one exception: it announces its ads to the caches and must notify
 * nobody.
 */

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('events with durable reactions are emitted in their transaction', () => {
  const files = sources(src).map((file) => ({
    file: path.relative(src, file),
    text: fs.readFileSync(file, 'utf8'),
  }));

  it('finds the reactions (the check can fail)', () => {
    const reacted = new Set(
      files.flatMap(({ text }) => [...text.matchAll(/\.react\(\s*'([a-z_.]+)'/g)].map((match) => match[1])),
    );
    expect([...reacted]).toEqual(
      expect.arrayContaining(['message.created', 'user.followed', 'moderation.decided']),
    );
    expect(reacted.size).toBeGreaterThanOrEqual(15);
  });

  it('no source publishes an event that has a reaction', () => {
    const reacted = new Set(
      files.flatMap(({ text }) => [...text.matchAll(/\.react\(\s*'([a-z_.]+)'/g)].map((match) => match[1])),
    );
    const published = files.flatMap(({ file, text }) =>
      [...text.matchAll(/\.publish\(\s*'([a-z_.]+)'/g)]
        .map((match) => match[1] as string)
        .filter((type) => reacted.has(type))
        .map((type) => `${file}: ${type}`),
    );
    // The demo data's files announce their ads; nothing else publishes a reacted event.
    expect(published.filter((place) => !place.startsWith('db/seed/'))).toEqual([]);
    expect(published).toContain('db/seed/index.ts: listing.created');
  });
});
