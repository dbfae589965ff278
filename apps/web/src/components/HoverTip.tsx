import { type FocusEvent, type ReactNode, useId, useState } from 'react';
import styles from './HoverTip.module.css';

/** Whether `element` got its focus from the keyboard (`:focus-visible`); true where the browser cannot say. */
function focusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

/**
 * `title` shown under `children` (an icon button of the header) while the pointer is on it or the
 * keyboard has focused it, as a `role="tooltip"` element until the pointer leaves, the focus goes
 * or Escape is pressed. The button's own `aria-label` names it; the tip only shows the name to the
 * eye. Unlike MUI's Tooltip it sets no state when it mounts, so the header hydrates in one pass.
 */
export function HoverTip({ title, children }: { title: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    // The wrapper is not a control itself: it hears the pointer and focus events of the button
    // inside it, which carries the role, the name and the keyboard focus.
    // biome-ignore lint/a11y/noStaticElementInteractions: events bubble from the focusable child
    <span
      className={styles.anchor}
      onPointerEnter={() => setOpen(true)}
      onPointerLeave={() => setOpen(false)}
      onFocus={(event: FocusEvent) => setOpen(focusVisible(event.target))}
      onBlur={() => setOpen(false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      {children}
      {open && (
        <span role="tooltip" id={id} className={styles.tip}>
          {title}
        </span>
      )}
    </span>
  );
}
