import { useDeviceStore } from './handOver.tsx';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** What the server assumes: a connection. */
const online = () => true;

/**
 * Whether the browser has a network connection (`navigator.onLine`), kept current; true on the
 * server and while a server-rendered page is hydrated.
 */
export function useOnline(): boolean {
  return useDeviceStore(subscribe, () => navigator.onLine, online);
}
