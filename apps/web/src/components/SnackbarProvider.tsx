import type { AlertColor } from '@mui/material/Alert';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

export type SnackbarSeverity = AlertColor;

interface SnackbarMessage {
  key: number;
  text: string;
  severity: SnackbarSeverity;
  persistent: boolean;
}

export interface SnackbarOptions {
  /**
   * Stays on screen until its dismiss function is called, the member closes it or a newer
   * message takes its place, instead of hiding after 2.5 s: for a warning that asks the member
   * to act (the session warning of SPEC.md §8).
   */
  persistent?: boolean;
}

export interface SnackbarApi {
  /**
   * Shows `text` in a snackbar that hides after 2.5 s (SPEC.md §2), or stays with
   * `options.persistent`. A message shown meanwhile hides at once and makes way for the newest
   * one: each action answers with its own message.
   * @returns a function that hides this message (at once, or before its turn comes)
   */
  showMessage: (text: string, severity?: SnackbarSeverity, options?: SnackbarOptions) => () => void;
}

const SnackbarContext = createContext<SnackbarApi | null>(null);

// Loaded with the first message, so the initial page load stays small.
const SnackbarView = lazy(() =>
  import('./SnackbarView.tsx').then((module) => ({ default: module.SnackbarView })),
);

let nextKey = 0;

/**
 * Provides {@link useSnackbar}; shows one message at a time. A new message closes the one on
 * screen (it slides away) and is shown next; messages that never got their turn are dropped.
 */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<SnackbarMessage[]>([]);
  const [open, setOpen] = useState(true);
  const current = queue[0];
  const currentKey = useRef<number | null>(null);
  currentKey.current = current?.key ?? null;

  const showMessage = useCallback(
    (text: string, severity: SnackbarSeverity = 'info', options: SnackbarOptions = {}) => {
      nextKey += 1;
      const message = { key: nextKey, text, severity, persistent: options.persistent === true };
      setQueue((messages) => (messages[0] ? [messages[0], message] : [message]));
      return () => {
        if (currentKey.current === message.key) setOpen(false);
        else setQueue((messages) => messages.filter((waiting) => waiting.key !== message.key));
      };
    },
    [],
  );

  // A newer message waits: the one on screen closes, and `onExited` brings the next.
  const waiting = queue.length > 1;
  useEffect(() => {
    if (waiting) setOpen(false);
  }, [waiting]);

  const api = useMemo(() => ({ showMessage }), [showMessage]);

  return (
    <SnackbarContext.Provider value={api}>
      {children}
      {current && (
        <Suspense fallback={null}>
          <SnackbarView
            key={current.key}
            text={current.text}
            severity={current.severity}
            autoHide={!current.persistent}
            open={open}
            onClose={() => setOpen(false)}
            onExited={() => {
              setQueue((messages) => messages.slice(1));
              setOpen(true);
            }}
          />
        </Suspense>
      )}
    </SnackbarContext.Provider>
  );
}

/** The snackbar API of the nearest {@link SnackbarProvider}. */
export function useSnackbar(): SnackbarApi {
  const api = useContext(SnackbarContext);
  if (!api) throw new Error('useSnackbar must be used inside SnackbarProvider');
  return api;
}
