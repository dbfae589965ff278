import ForumIcon from '@mui/icons-material/ForumOutlined';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithSession } from '../../test/renderApp.tsx';
import { HeaderAction } from './HeaderAction.tsx';

describe('header actions (SPEC.md §2 "Desktop header")', () => {
  it('shows its label as a tooltip when the icon is hovered or focused', async () => {
    renderWithSession(<HeaderAction icon={<ForumIcon />} label="Forum" to="/forum" />);
    const link = screen.getByRole('link', { name: 'Forum' });
    await userEvent.hover(link);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Forum');
    await userEvent.unhover(link);
    await expect.poll(() => screen.queryByRole('tooltip')).toBeNull();
    await userEvent.tab();
    expect(document.activeElement).toBe(link);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Forum');
  });

  it("names an icon with a count by its label and the count the badge shows ('99+' above 99)", async () => {
    renderWithSession(
      <>
        <HeaderAction icon={<ForumIcon />} label="Nachrichten" count={3} to="/chat" />
        <HeaderAction icon={<ForumIcon />} label="Benachrichtigungen" count={150} />
        <HeaderAction icon={<ForumIcon />} label="Feed" count={0} to="/feed" />
      </>,
    );
    const chat = screen.getByRole('link', { name: 'Nachrichten: 3 ungelesen' });
    expect(chat.textContent).toContain('3');
    const bell = screen.getByRole('button', { name: 'Benachrichtigungen: 99+ ungelesen' });
    expect(bell.textContent).toContain('99+');
    expect(screen.getByRole('link', { name: 'Feed' })).toBeTruthy();
  });
});
