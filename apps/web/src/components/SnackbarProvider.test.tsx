import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type SnackbarApi, SnackbarProvider, useSnackbar } from './SnackbarProvider.tsx';

let api: SnackbarApi | null = null;
function Grab() {
  api = useSnackbar();
  return null;
}

describe('snackbars (SPEC.md §2: they hide after 2.5 s)', () => {
  it("shows each action's own message, also after an earlier one has hidden", async () => {
    render(
      <SnackbarProvider>
        <Grab />
      </SnackbarProvider>,
    );
    act(() => api?.showMessage('Die Anzeige wurde verlängert.', 'success'));
    expect(await screen.findByText('Die Anzeige wurde verlängert.', {}, { timeout: 3000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Die Anzeige wurde verlängert.')).toBeNull(), {
      timeout: 5000,
    });
    act(() => api?.showMessage('Deine Änderungen sind gespeichert.', 'success'));
    expect(await screen.findByText('Deine Änderungen sind gespeichert.', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByText('Die Anzeige wurde verlängert.')).toBeNull();
  }, 15_000);

  it('replaces a message still on screen with the newest one at once', async () => {
    render(
      <SnackbarProvider>
        <Grab />
      </SnackbarProvider>,
    );
    act(() => api?.showMessage('Die Anzeige wurde verlängert.', 'success'));
    expect(await screen.findByText('Die Anzeige wurde verlängert.', {}, { timeout: 3000 })).toBeTruthy();
    act(() => {
      api?.showMessage('Der Status wurde geändert.', 'success');
      api?.showMessage('Deine Änderungen sind gespeichert.', 'success');
    });
    // Well before the first message's 2.5 s are over, the newest one is there, alone.
    const latest = await screen.findByText('Deine Änderungen sind gespeichert.', {}, { timeout: 1500 });
    expect(latest.closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByText('Die Anzeige wurde verlängert.')).toBeNull();
    expect(screen.queryByText('Der Status wurde geändert.')).toBeNull();
  });
});
