import type { Session } from '@marketplace/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../test/fixtures.ts';
import { logIn, renderWithSession } from '../../test/renderApp.tsx';
import { type StubAnswer, type StubCall, stubRouteTable } from '../../test/stubRouteTable.ts';
import { SessionsSection } from './SessionsSection.tsx';

const member = testUser();
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function session(overrides: Partial<Session>): Session {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    device: 'Firefox auf Linux',
    created_at: minutesAgo(120),
    last_used_at: minutesAgo(0),
    current: false,
    ...overrides,
  };
}

const THIS = session({
  id: '00000000-0000-4000-8000-00000000000a',
  device: 'Chrome auf Windows',
  current: true,
});
const PHONE = session({
  id: '00000000-0000-4000-8000-00000000000b',
  device: 'Safari auf iOS',
  last_used_at: minutesAgo(5),
});
const LAPTOP = session({
  id: '00000000-0000-4000-8000-00000000000c',
  device: 'Firefox auf Linux',
  last_used_at: minutesAgo(180),
});

function renderSection(routes: Record<string, StubAnswer | ((call: StubCall) => StubAnswer)>) {
  const calls = stubRouteTable({ '/api/me': { body: member }, ...routes });
  logIn(member);
  renderWithSession(<SessionsSection />);
  return calls;
}

const region = () => within(screen.getByRole('region', { name: 'Angemeldete Geräte' }));

describe("settings: 'Angemeldete Geräte'", { timeout: 20_000 }, () => {
  it("lists each session with its device, 'Dieses Gerät' for this one and the last use", async () => {
    renderSection({ 'GET /api/auth/sessions': { body: { sessions: [THIS, PHONE, LAPTOP] } } });
    expect(await region().findByText('Chrome auf Windows')).toBeTruthy();
    expect(region().getByText('Dieses Gerät')).toBeTruthy();
    expect(region().getByText('Safari auf iOS')).toBeTruthy();
    expect(region().getByText('Zuletzt aktiv: gerade eben')).toBeTruthy();
    expect(region().getByText('Zuletzt aktiv: vor 5 Min')).toBeTruthy();
    expect(region().getByText('Zuletzt aktiv: vor 3 Std')).toBeTruthy();
    // One 'Abmelden' per other device, none for this one.
    expect(region().getByRole('button', { name: 'Safari auf iOS abmelden' })).toBeTruthy();
    expect(region().getByRole('button', { name: 'Firefox auf Linux abmelden' })).toBeTruthy();
    expect(region().queryByRole('button', { name: 'Chrome auf Windows abmelden' })).toBeNull();
  });

  it('logs one device out, confirms it and shows the list again without it', async () => {
    let ended = false;
    const calls = renderSection({
      'GET /api/auth/sessions': () => ({
        body: { sessions: ended ? [THIS, LAPTOP] : [THIS, PHONE, LAPTOP] },
      }),
      [`DELETE /api/auth/sessions/${PHONE.id}`]: () => {
        ended = true;
        return { status: 204 };
      },
    });
    await userEvent.click(await region().findByRole('button', { name: 'Safari auf iOS abmelden' }));
    expect(await screen.findByText('Das Gerät wurde abgemeldet.')).toBeTruthy();
    await expect.poll(() => region().queryByText('Safari auf iOS')).toBeNull();
    expect(region().getByText('Firefox auf Linux')).toBeTruthy();
    const deletion = calls.find((call) => call.method === 'DELETE');
    expect(deletion?.path).toBe(`/api/auth/sessions/${PHONE.id}`);
    expect(deletion?.authorization).toMatch(/^Bearer /);
  });

  it("'Alle anderen Geräte abmelden' ends the others and keeps this device", async () => {
    let ended = false;
    const calls = renderSection({
      'GET /api/auth/sessions': () => ({ body: { sessions: ended ? [THIS] : [THIS, PHONE, LAPTOP] } }),
      'DELETE /api/auth/sessions': () => {
        ended = true;
        return { status: 204 };
      },
    });
    await userEvent.click(await region().findByRole('button', { name: 'Alle anderen Geräte abmelden' }));
    expect(await screen.findByText('Alle anderen Geräte wurden abgemeldet.')).toBeTruthy();
    expect(await region().findByText('Du bist auf keinem anderen Gerät angemeldet.')).toBeTruthy();
    expect(region().queryByRole('button', { name: 'Alle anderen Geräte abmelden' })).toBeNull();
    expect(region().getByText('Dieses Gerät')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/auth/sessions',
    ]);
  });

  it("shows the server's German detail when ending fails", async () => {
    renderSection({
      'GET /api/auth/sessions': { body: { sessions: [THIS, PHONE] } },
      [`DELETE /api/auth/sessions/${PHONE.id}`]: {
        status: 404,
        body: { detail: 'Diese Sitzung gibt es nicht.', code: 'not_found' },
      },
    });
    await userEvent.click(await region().findByRole('button', { name: 'Safari auf iOS abmelden' }));
    expect(await screen.findByText('Diese Sitzung gibt es nicht.')).toBeTruthy();
  });

  it('says so when the list cannot be loaded', async () => {
    renderSection({ 'GET /api/auth/sessions': { status: 500 } });
    expect(
      await region().findByText(
        'Die angemeldeten Geräte konnten nicht geladen werden.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
  });
});
