// React's part of the browser start: main.tsx imports this module as its first step, so React and
// ReactDOM evaluate in a task of their own (before the rest of the console's modules).
import { StrictMode, startTransition, useEffect, type ReactElement, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * The pre-rendered sign-in copy's global styles (build/prerenderLogin.ts) wait in <head> for emotion's
 * <Global>s to adopt them during the first commit; one none adopted (a Global that asked for another
 * name) would be a stale rule, so it goes once the first commit's effects run.
 */
export const UNADOPTED_COPY_STYLES = 'style[data-emotion^="css-global "]';

function DropUnadoptedCopyStyles({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.head.querySelectorAll(UNADOPTED_COPY_STYLES).forEach((node) => node.remove());
  }, []);
  return children;
}

/**
 * Renders the console into `container`. The first render runs as a transition so React yields to the
 * browser every few milliseconds instead of blocking the main thread for the whole tree (Lighthouse
 * total blocking time on /login).
 */
export function renderConsoleInto(container: Element, element: ReactElement): void {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <DropUnadoptedCopyStyles>{element}</DropUnadoptedCopyStyles>
      </StrictMode>,
    ),
  );
}
