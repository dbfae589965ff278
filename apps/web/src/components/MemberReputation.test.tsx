import type { MemberReputation as Reputation } from '@marketplace/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../i18n/de.ts';
import { renderWithSession, stubApi } from '../test/renderApp.tsx';
import { MemberReputation, MemberReputationOf } from './MemberReputation.tsx';

const slow = { timeout: 30_000 };

function reputation(overrides: Partial<Reputation> = {}): Reputation {
  return {
    user_id: 'u2',
    rating: 4.5,
    review_count: 12,
    forum_likes: 34,
    forum_posts: 50,
    member_since: '2026-01-15T10:00:00.000Z',
    verified: true,
    badge: 'private',
    email_verified: true,
    answer_rate: 90,
    ...overrides,
  };
}

describe('MemberReputation', () => {
  it('shows the badge, the stars from chat ratings, forum likes, member since and the answer rate', () => {
    stubApi({});
    renderWithSession(<MemberReputation reputation={reputation()} />);
    const card = screen.getByRole('region', { name: de.reputation.label });
    expect(within(card).getByText(de.verification.badgePrivate)).toBeTruthy();
    expect(within(card).getByText('★ 4,5 (12 Bewertungen)')).toBeTruthy();
    expect(within(card).getByText('34 Likes im Forum')).toBeTruthy();
    expect(within(card).getByText('Mitglied seit Januar 2026')).toBeTruthy();
    expect(within(card).getByText('Antwortrate 90 %')).toBeTruthy();
  });

  it('says so when there are no ratings yet and leaves out an answer rate nobody could earn', () => {
    stubApi({});
    renderWithSession(
      <MemberReputation
        reputation={reputation({
          rating: null,
          review_count: 0,
          forum_likes: 1,
          verified: false,
          badge: null,
          answer_rate: null,
        })}
      />,
    );
    const card = screen.getByRole('region', { name: de.reputation.label });
    expect(within(card).getByText('Noch keine Bewertungen')).toBeTruthy();
    expect(within(card).getByText('1 Like im Forum')).toBeTruthy();
    expect(within(card).getByText('E-Mail bestätigt')).toBeTruthy();
    expect(within(card).queryByText(/Antwortrate/)).toBeNull();
    expect(within(card).queryByText(de.verification.badgePrivate)).toBeNull();
  });

  it('puts the facts in one line for the chat header', () => {
    stubApi({});
    renderWithSession(<MemberReputation reputation={reputation({ badge: 'business' })} inline />);
    const card = screen.getByRole('region', { name: de.reputation.label });
    expect(within(card).getByText(de.verification.badgeBusiness)).toBeTruthy();
    expect(
      within(card).getByText(
        '★ 4,5 (12 Bewertungen) · 34 Likes im Forum · Mitglied seit Januar 2026 · Antwortrate 90 %',
      ),
    ).toBeTruthy();
  });

  it('reads a member’s reputation from the server', async () => {
    const fetchMock = stubApi({ '/api/users/u2/reputation': { body: reputation({ forum_likes: 7 }) } });
    renderWithSession(<MemberReputationOf userId="u2" />);
    expect(await screen.findByText('7 Likes im Forum', {}, slow)).toBeTruthy();
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain('/api/users/u2/reputation');
  });
});
