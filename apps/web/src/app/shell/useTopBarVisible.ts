import { useEffect, useRef, useState } from 'react';
import { INITIAL_TOP_BAR_STATE, nextTopBarState } from '../../lib/topBarVisibility.ts';

/** Whether the desktop top link bar shows, following the window scroll (SPEC.md §2). */
export function useTopBarVisible(): boolean {
  const state = useRef(INITIAL_TOP_BAR_STATE);
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    const onScroll = () => {
      state.current = nextTopBarState(state.current, window.scrollY);
      setVisible(state.current.visible);
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  return visible;
}
