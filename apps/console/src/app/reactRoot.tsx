// React's part of the browser start: main.tsx imports this module as its first step, so React and
// ReactDOM evaluate in a task of their own (before the rest of the console's modules).
import { StrictMode, startTransition, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * Renders the console into `container`. The first render runs as a transition so React yields to the
 * browser every few milliseconds instead of blocking the main thread for the whole tree (Lighthouse
 * total blocking time on /login).
 */
export function renderConsoleInto(container: Element, element: ReactElement): void {
  const root = createRoot(container);
  startTransition(() => root.render(<StrictMode>{element}</StrictMode>));
}
