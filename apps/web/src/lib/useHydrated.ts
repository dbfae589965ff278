import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/**
 * False on the server and while a server-rendered page is hydrated, true from the render after
 * (and from the first render of a page rendered in the browser alone). For parts that only a
 * member sees and that load their code lazily: rendered while hydrating, their late code would
 * meet the member's session that arrived in between and differ from the server's markup
 * (docs/decisions/0030-one-layout-rendered-on-the-server.md).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
