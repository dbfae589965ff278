import { HEADER_HIDE_AFTER_PX, SCROLL_THRESHOLD_PX } from './constants.ts';

/** Visibility of the desktop top link bar and the scroll offset (px) it was last decided at. */
export interface TopBarState {
  visible: boolean;
  lastScrollY: number;
}

export const INITIAL_TOP_BAR_STATE: TopBarState = { visible: true, lastScrollY: 0 };

/**
 * Next state of the top link bar for a new vertical scroll offset `scrollY` (px), SPEC.md §2:
 * near the top (at most 50 px) the bar always shows; otherwise changes under 10 px since the last
 * decision are ignored (state returned unchanged), scrolling down hides the bar and scrolling up
 * shows it.
 */
export function nextTopBarState(state: TopBarState, scrollY: number): TopBarState {
  const y = Math.max(0, scrollY);
  if (y <= HEADER_HIDE_AFTER_PX) {
    return state.visible && state.lastScrollY === y ? state : { visible: true, lastScrollY: y };
  }
  if (Math.abs(y - state.lastScrollY) < SCROLL_THRESHOLD_PX) return state;
  return { visible: y < state.lastScrollY, lastScrollY: y };
}
