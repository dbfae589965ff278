import type { Guide, GuideSummary } from '@marketplace/contract';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp.tsx';
import { stubRouteTable } from '../../test/stubRouteTable.ts';

// The pages load lazily; on a busy machine the first chunk takes longer than the default second.
configure({ asyncUtilTimeout: 10_000 });

function summary(slug: string, title: string): GuideSummary {
  return { slug, title, description: `${title}: worum es geht.`, updated: '2026-11-20', reading_minutes: 4 };
}

const shipping = summary('versand', 'Versand');
const handover = summary('uebergabe', 'Die Übergabe');

/** A guide as `GET /api/guides/{slug}` answers it, with a link to another guide and one elsewhere. */
const guide: Guide = {
  ...shipping,
  html: [
    '<p>Einleitung.</p>',
    '<h2 id="richtig-verpacken">Richtig verpacken</h2>',
    '<p>Siehe <a href="/ratgeber/uebergabe">Die Übergabe</a> und <a href="https://www.verbraucherzentrale.de" rel="noopener noreferrer" target="_blank">Verbraucherzentrale</a>.</p>',
    '<h3 id="elektronik">Elektronik</h3>',
  ].join(''),
  toc: [
    { id: 'richtig-verpacken', text: 'Richtig verpacken', level: 2 },
    { id: 'elektronik', text: 'Elektronik', level: 3 },
  ],
  previous: null,
  next: handover,
};

describe('the guide pages', () => {
  it('/ratgeber lists each guide with its teaser, reading time and date, linked to its page', async () => {
    stubRouteTable({ '/api/guides': { body: { guides: [shipping, handover] } } });
    renderApp('/ratgeber');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ratgeber' })).toBeTruthy();
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Versand',
      'Die Übergabe',
    ]);
    expect(cards[0]?.textContent).toContain('4 Min. Lesezeit · Aktualisiert am 20. November 2026');
    expect(
      within(cards[1] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/ratgeber/uebergabe');
  });

  it('a guide shows its contents as links to its headings, and its links to other guides stay in the app', async () => {
    const calls = stubRouteTable({
      '/api/guides/versand': { body: guide },
      '/api/guides/uebergabe': { body: { ...guide, ...handover, previous: shipping, next: null } },
    });
    const { router } = renderApp('/ratgeber/versand');
    expect(await screen.findByRole('heading', { level: 1, name: 'Versand' })).toBeTruthy();
    const contents = screen.getByRole('navigation', { name: 'Inhalt' });
    expect(within(contents).getByRole('link', { name: 'Elektronik' }).getAttribute('href')).toBe(
      '#elektronik',
    );
    expect(document.getElementById('richtig-verpacken')?.tagName).toBe('H2');
    expect(screen.getByRole('link', { name: 'Verbraucherzentrale' }).getAttribute('target')).toBe('_blank');

    // The link in the text (the next guide's link below names it too).
    await userEvent.click(screen.getAllByRole('link', { name: 'Die Übergabe' })[0] as HTMLElement);
    expect(await screen.findByRole('heading', { level: 1, name: 'Die Übergabe' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/ratgeber/uebergabe');
    expect(calls.map((call) => call.path)).toEqual(['/api/guides/versand', '/api/guides/uebergabe']);
    expect(screen.getByRole('link', { name: 'Versand' }).getAttribute('href')).toBe('/ratgeber/versand');
  });

  it("an unknown guide reads 'Ratgeber nicht gefunden' with the way to all guides", async () => {
    stubRouteTable({
      '/api/guides/gibt-es-nicht': {
        status: 404,
        body: { detail: 'Diesen Ratgeber gibt es nicht.', code: 'guide_not_found' },
      },
    });
    renderApp('/ratgeber/gibt-es-nicht');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ratgeber nicht gefunden' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Alle Ratgeber' }).getAttribute('href')).toBe('/ratgeber');
  });
});
