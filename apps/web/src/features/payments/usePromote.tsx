import { lazy, type ReactNode, Suspense, useState } from 'react';

/** The dialog with its form and the contract's schemas: loaded when it is opened, not with the ad page. */
const PromoteDialog = lazy(() =>
  import('./PromoteDialog.tsx').then((module) => ({ default: module.PromoteDialog })),
);

/**
 * 'Anzeige bewerben' for an own ad (decision 0040): `start` opens the promotion dialog, `dialog`
 * is the element to render (nothing while closed). The dialog's code, with zod, loads on opening.
 */
export function usePromote(listing: { id: string; title: string }): { start: () => void; dialog: ReactNode } {
  const [open, setOpen] = useState(false);
  return {
    start: () => setOpen(true),
    dialog: open ? (
      <Suspense fallback={null}>
        <PromoteDialog listing={listing} onClose={() => setOpen(false)} />
      </Suspense>
    ) : null,
  };
}
