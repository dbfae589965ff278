import { describe, expect, it } from 'vitest';
import { INITIAL_TOP_BAR_STATE, nextTopBarState, type TopBarState } from './topBarVisibility.ts';

function scrollThrough(offsets: number[], start: TopBarState = INITIAL_TOP_BAR_STATE): TopBarState {
  return offsets.reduce(nextTopBarState, start);
}

describe('top link bar visibility (SPEC.md §2)', () => {
  it('hides when scrolling down past 50 px', () => {
    expect(scrollThrough([30, 60]).visible).toBe(false);
  });

  it('stays visible while scrolling down within the first 50 px', () => {
    expect(scrollThrough([20, 35, 50]).visible).toBe(true);
  });

  it('reappears when scrolling up by at least 10 px', () => {
    const hidden = scrollThrough([200, 400]);
    expect(hidden.visible).toBe(false);
    expect(nextTopBarState(hidden, 390).visible).toBe(true);
  });

  it('ignores scroll changes under 10 px', () => {
    const hidden = scrollThrough([200, 400]);
    expect(nextTopBarState(hidden, 391)).toBe(hidden);
    const shown = nextTopBarState(hidden, 380);
    expect(nextTopBarState(shown, 389)).toBe(shown);
  });

  it('does not accumulate ignored small steps into a decision', () => {
    // Each step is 5 px from the last decision point at 400: still ignored.
    const hidden = scrollThrough([200, 400]);
    expect(nextTopBarState(nextTopBarState(hidden, 395), 396).visible).toBe(false);
  });

  it('shows near the top even after an upward step under 10 px', () => {
    expect(nextTopBarState({ visible: false, lastScrollY: 56 }, 48).visible).toBe(true);
    expect(nextTopBarState({ visible: false, lastScrollY: 400 }, 0).visible).toBe(true);
  });
});
