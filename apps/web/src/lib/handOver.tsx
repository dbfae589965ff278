import {
  createContext,
  type ReactNode,
  startTransition,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';

/**
 * Whether the page the browser starts was rendered on the server: its root carries
 * `data-server-rendered` (docs/decisions/0030-one-layout-rendered-on-the-server.md). False on the
 * server itself, which renders with the server's values anyway.
 */
function startsFromServerPage(): boolean {
  return (
    typeof document !== 'undefined' &&
    document.getElementById('root')?.hasAttribute('data-server-rendered') === true
  );
}

const HandOverContext = createContext(true);

/**
 * Hands what only this device knows (its width, stored choices, session, cookie choice) over to
 * the app once a server-rendered page is hydrated, in a transition: React renders the parts that
 * change in slices between which the browser answers input, instead of the one blocking render
 * that a store's differing value forces right after hydrating. A page rendered in the browser
 * alone has the device's values from its first render.
 */
export function HandOverProvider({ children }: { children: ReactNode }) {
  const [handedOver, setHandedOver] = useState(
    () => !startsFromServerPage() && typeof document !== 'undefined',
  );
  useEffect(() => {
    if (!handedOver) startTransition(() => setHandedOver(true));
  }, [handedOver]);
  return <HandOverContext value={handedOver}>{children}</HandOverContext>;
}

/**
 * False on the server and while a server-rendered page is hydrated, true from the transition
 * right after (and from the first render of a page rendered in the browser alone).
 */
export function useHandedOver(): boolean {
  return useContext(HandOverContext);
}

/**
 * `useSyncExternalStore` for what only this device knows: `serverSnapshot` on the server and
 * while a server-rendered page is hydrated, the store's own value from the hand-over on
 * ({@link HandOverProvider}), then kept current by `subscribe`.
 */
export function useDeviceStore<T>(
  subscribe: (listener: () => void) => () => void,
  getSnapshot: () => T,
  serverSnapshot: () => T,
): T {
  const handedOver = useHandedOver();
  return useSyncExternalStore(subscribe, handedOver ? getSnapshot : serverSnapshot, serverSnapshot);
}
