import { STORY_CAPTION_MAX } from '@marketplace/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { de } from '../../i18n/de.ts';
import { fieldError } from '../../test/fieldError.ts';
import { testUser } from '../../test/fixtures.ts';
import { logIn, renderWithSession } from '../../test/renderApp.tsx';
import { stubRouteTable } from '../../test/stubRouteTable.ts';
import { CreateStoryDialog } from './CreateStoryDialog.tsx';

describe("'Story erstellen'", { timeout: 20_000 }, () => {
  it("a description that is too long shows the contract's German error under it and uploads nothing", async () => {
    stubRouteTable({ '/api/me/listings': { body: { listings: [] } } });
    logIn(testUser());
    // The upload goes through XMLHttpRequest (for its progress): nothing may be opened.
    const open = vi.spyOn(XMLHttpRequest.prototype, 'open');
    const onCreated = vi.fn();
    renderWithSession(<CreateStoryDialog onClose={() => {}} onCreated={onCreated} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('story-photo-input'), {
      target: { files: [new File(['jpeg'], 'see.jpg', { type: 'image/jpeg' })] },
    });
    const caption = within(dialog).getByRole('textbox', { name: de.stories.captionLabel });
    // The field stops typing at the limit; a pasted or scripted text can still be longer.
    fireEvent.change(caption, { target: { value: 'x'.repeat(STORY_CAPTION_MAX + 1) } });
    await userEvent.click(within(dialog).getByRole('button', { name: de.stories.publish }));
    await expect
      .poll(() => fieldError(caption))
      .toBe(`Die Beschreibung darf höchstens ${STORY_CAPTION_MAX} Zeichen lang sein.`);
    expect(open).not.toHaveBeenCalled();
    expect(onCreated).not.toHaveBeenCalled();
    open.mockRestore();
  });
});
