import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { promotionLabelsQueryKey } from '../lib/promotionLabels.ts';
import { testListing } from '../test/listingFixtures.ts';
import { ListingCard } from './ListingCard.tsx';

/** Renders a card with the shared promotion labels already known. */
function renderCard(labels: { top: string[]; highlight: string[] }, id: string, promotion?: 'top') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(promotionLabelsQueryKey, labels);
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ListingCard listing={testListing({ id, title: 'Kinderfahrrad 20 Zoll' })} promotion={promotion} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('promoted ads in lists (decision 0040)', () => {
  it("labels a Top-Anzeige 'Anzeige' and a Highlight 'Hervorgehoben' with its frame", () => {
    const top = renderCard({ top: ['a1'], highlight: [] }, 'a1');
    expect(screen.getByText('Anzeige')).toBeTruthy();
    top.unmount();
    const highlight = renderCard({ top: [], highlight: ['b2'] }, 'b2');
    expect(screen.getByText('Hervorgehoben')).toBeTruthy();
    expect(highlight.container.querySelector('article')?.className).toMatch(/highlighted/);
  });

  it('labels nothing on an ad without a running promotion, unless it stands in the Top-Anzeigen slots', () => {
    const plain = renderCard({ top: ['x'], highlight: ['y'] }, 'c3');
    expect(screen.queryByText('Anzeige')).toBeNull();
    expect(screen.queryByText('Hervorgehoben')).toBeNull();
    plain.unmount();
    renderCard({ top: [], highlight: [] }, 'c3', 'top');
    expect(screen.getByText('Anzeige')).toBeTruthy();
  });
});
