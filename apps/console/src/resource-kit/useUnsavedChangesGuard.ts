// Unsaved-changes protection of forms (issue 9 §2, §3), generated or hand-written: while the form has changes, leaving inside the console
// asks first (react-router's useBlocker), and closing or reloading the browser tab asks the
// browser's own question (beforeunload). A save that navigates on purpose calls `allowLeave` first.
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';

export function useUnsavedChangesGuard(dirty: boolean) {
  const dirtyRef = useRef(dirty);
  const allowed = useRef(false);
  const leaving = useRef(false);
  dirtyRef.current = dirty;

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current &&
      !allowed.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show their prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return {
    /** The in-console question is open. */
    asking: blocker.state === 'blocked',
    leave: () => {
      leaving.current = true;
      blocker.proceed?.();
    },
    /** Closing the question without leaving (a dialog's close after 'leave' is ignored). */
    stay: () => {
      if (leaving.current) {
        leaving.current = false;
        return;
      }
      blocker.reset?.();
    },
    /** Lets the next navigation through (after a successful save). */
    allowLeave: () => {
      allowed.current = true;
    },
  };
}
