import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StorySocket } from './storySocket.ts';

/** A stand-in for the browser's WebSocket that the test opens, closes and talks through. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
  }
}

const latest = () => FakeSocket.all[FakeSocket.all.length - 1] as FakeSocket;
let client: StorySocket;

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  client = new StorySocket(
    () => 'a.b.c',
    () => {},
    FakeSocket,
    'ws://test',
  );
});
afterEach(() => {
  client.stop();
  vi.useRealTimers();
});

describe('story socket client', () => {
  it('connects with the token and pings every 30 s', () => {
    client.start();
    expect(latest().url).toBe('ws://test/ws/stories?token=a.b.c');
    latest().open();
    vi.advanceTimersByTime(29_999);
    expect(latest().sent).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(JSON.parse(latest().sent[0] ?? '{}')).toMatchObject({ type: 'ping' });
  });

  it('reconnects up to 5 times, 3 s apart, and not after 1008', () => {
    client.start();
    for (let attempt = 1; attempt <= 5; attempt++) {
      latest().drop();
      vi.advanceTimersByTime(2_999);
      expect(FakeSocket.all).toHaveLength(attempt);
      vi.advanceTimersByTime(1);
      expect(FakeSocket.all).toHaveLength(attempt + 1);
    }
    latest().drop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(6);

    const other = new StorySocket(
      () => 'a.b.c',
      () => {},
      FakeSocket,
      'ws://test',
    );
    other.start();
    latest().drop(1008);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(7);
    other.stop();
  });

  it('pauses 2 s on rate_limit_exceeded (HTTP meanwhile) and stops for good after 5', () => {
    client.start();
    latest().open();
    expect(client.send({ type: 'story_view', story_id: 'x' })).toBe(true);
    latest().receive({ type: 'rate_limit_exceeded', retry_after_ms: 5000 });
    expect(client.send({ type: 'story_view', story_id: 'x' })).toBe(false);
    vi.advanceTimersByTime(2_000);
    expect(client.send({ type: 'story_view', story_id: 'x' })).toBe(true);
    for (let i = 0; i < 4; i++) latest().receive({ type: 'rate_limit_exceeded', retry_after_ms: 5000 });
    vi.advanceTimersByTime(10_000);
    expect(client.usable).toBe(false);
    expect(client.send({ type: 'story_view', story_id: 'x' })).toBe(false);
    latest().drop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});
