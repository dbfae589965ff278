import type { AlertColor } from '@mui/material/Alert';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
} from 'react';

export type SnackbarSeverity = AlertColor;

interface SnackbarMessage {
  key: number;
  text: string;
  severity: SnackbarSeverity;
}

export interface SnackbarApi {
  /** Shows `text` in a snackbar that hides after 2.5 s (SPEC.md §2); messages queue up in order. */
  showMessage: (text: string, severity?: SnackbarSeverity) => void;
}

const SnackbarContext = createContext<SnackbarApi | null>(null);

// Loaded with the first message, so the initial page load stays small.
const SnackbarView = lazy(() =>
  import('./SnackbarView.tsx').then((module) => ({ default: module.SnackbarView })),
);

let nextKey = 0;

/** Provides {@link useSnackbar}; shows one message at a time, the rest wait in order. */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<SnackbarMessage[]>([]);
  const [open, setOpen] = useState(true);
  const current = queue[0];

  const showMessage = useCallback((text: string, severity: SnackbarSeverity = 'info') => {
    nextKey += 1;
    setQueue((messages) => [...messages, { key: nextKey, text, severity }]);
  }, []);

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
