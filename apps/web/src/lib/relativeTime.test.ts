import { describe, expect, it } from 'vitest';
import { relativeTime, relativeTimeInSentence, relativeTimeShort } from './relativeTime.ts';

const now = new Date('2026-03-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('relative time (SPEC.md §9)', () => {
  it("reads 'Gerade eben' under one minute", () => {
    expect(relativeTime(ago(59_000), now)).toBe('Gerade eben');
  });

  it('counts minutes, hours and days', () => {
    expect(relativeTime(ago(60_000), now)).toBe('vor 1 Min');
    expect(relativeTime(ago(59 * 60_000), now)).toBe('vor 59 Min');
    expect(relativeTime(ago(2 * 3_600_000), now)).toBe('vor 2 Std');
    expect(relativeTime(ago(3 * 86_400_000), now)).toBe('vor 3 Tagen');
  });

  it("writes the day in the singular or the plural, never 'Tag(en)'", () => {
    expect(relativeTime(ago(86_400_000), now)).toBe('vor 1 Tag');
    expect(relativeTime(ago(2 * 86_400_000 - 1), now)).toBe('vor 1 Tag');
    expect(relativeTime(ago(11 * 86_400_000), now)).toBe('vor 11 Tagen');
    expect(relativeTime(ago(400 * 86_400_000), now)).toBe('vor 400 Tagen');
  });
});

describe('short relative time in the feed (SPEC.md §9 "vor Nm/h/d")', () => {
  it("reads 'Gerade eben', then 'vor Nm', 'vor Nh', 'vor Nd'", () => {
    expect(relativeTimeShort(ago(30_000), now)).toBe('Gerade eben');
    expect(relativeTimeShort(ago(5 * 60_000), now)).toBe('vor 5m');
    expect(relativeTimeShort(ago(3 * 3_600_000), now)).toBe('vor 3h');
    expect(relativeTimeShort(ago(2 * 86_400_000), now)).toBe('vor 2d');
  });
});

describe('relative time inside a sentence', () => {
  it("starts lower-case: 'Eingestellt gerade eben', 'Eingestellt vor 5 Min'", () => {
    expect(relativeTimeInSentence(ago(10_000), now)).toBe('gerade eben');
    expect(relativeTimeInSentence(ago(5 * 60_000), now)).toBe('vor 5 Min');
    expect(relativeTimeInSentence(ago(2 * 86_400_000), now)).toBe('vor 2 Tagen');
    expect(relativeTimeInSentence(ago(86_400_000), now)).toBe('vor 1 Tag');
  });
});
