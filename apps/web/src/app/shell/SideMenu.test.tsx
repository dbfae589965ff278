import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../test/fixtures.ts';
import { logIn, renderWithSession, stubApi } from '../../test/renderApp.tsx';
import { SideMenu } from './SideMenu.tsx';

/** Labels of the menu's links and buttons, in display order. */
function menuLabels(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Hauptmenü' });
  return [...nav.querySelectorAll('a, [role="button"], button')].map((item) => item.textContent ?? '');
}

describe('side menu (SPEC.md §2)', () => {
  it('shows the visitor items, Anmelden and Registrieren, and the popular shortcuts', () => {
    renderWithSession(<SideMenu open onClose={() => {}} />);
    expect(menuLabels()).toEqual([
      'Startseite',
      'Kategorien',
      'Favoriten',
      'Chat',
      'Anmelden',
      'Registrieren',
      'Autos',
      'Mode',
      'Elektronik',
      'Möbel',
      'Forum',
      'Business Forum: Networking & Geschäfte',
      'Games Forum: Gaming Community',
      'Sport Forum: Sport & Fitness',
    ]);
    expect(screen.getByRole('link', { name: 'Kategorien' }).getAttribute('href')).toBe('/categories');
    expect(screen.getByRole('link', { name: 'Autos' }).getAttribute('href')).toBe('/category/autos');
    expect(screen.getByRole('link', { name: 'Möbel' }).getAttribute('href')).toBe('/category/moebel');
    expect(screen.getByRole('link', { name: 'Games Forum: Gaming Community' }).getAttribute('href')).toBe(
      '/forum/games',
    );
    expect(screen.getByRole('link', { name: 'Forum' }).getAttribute('href')).toBe('/forum');
    expect(screen.queryByText('Abmelden')).toBeNull();
  });

  it('shows the member items ending with Abmelden, and the display name', () => {
    stubApi({ '/api/me': { body: testUser({ nickname: 'Anni' }) } });
    logIn(testUser({ nickname: 'Anni' }));
    renderWithSession(<SideMenu open onClose={() => {}} />);
    expect(menuLabels()).toEqual([
      'Startseite',
      'Kategorien',
      'Favoriten',
      'Chat',
      'Meine Anzeigen',
      'Gespeicherte',
      'Profil',
      'Einstellungen',
      'Zahlungen',
      'Analytics',
      'Abmelden',
      'Autos',
      'Mode',
      'Elektronik',
      'Möbel',
      'Forum',
      'Business Forum: Networking & Geschäfte',
      'Games Forum: Gaming Community',
      'Sport Forum: Sport & Fitness',
    ]);
    expect(screen.getByRole('link', { name: 'Meine Anzeigen' }).getAttribute('href')).toBe('/my-listings');
    expect(screen.getByTestId('side-menu-name').textContent).toBe('Anni');
    expect(screen.queryByText('Registrieren')).toBeNull();
  });

  it('logs out from the menu: both keys cleared and on to /login', async () => {
    stubApi({ '/api/me': { body: testUser() } });
    logIn(testUser());
    const { router } = renderWithSession(<SideMenu open onClose={() => {}} />, '/settings');
    screen.getByRole('button', { name: 'Abmelden' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem('auth.token')).toBeNull();
    expect(window.localStorage.getItem('auth.user')).toBeNull();
  });
});
