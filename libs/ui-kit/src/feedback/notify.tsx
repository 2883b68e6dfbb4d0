import type { ReactNode } from 'react';
import { SnackbarProvider as NotistackProvider, useSnackbar, type SnackbarProviderProps } from 'notistack';

/** How long a snackbar stays, and how many stack up. */
export const SNACKBAR_AUTO_HIDE_MS = 3_000;
export const SNACKBAR_MAX_STACK = 3;

/** The one place snackbars come from: mount once near the root (the console shell does). */
export function SnackbarProvider({ children, ...props }: SnackbarProviderProps & { children: ReactNode }) {
  return (
    <NotistackProvider maxSnack={SNACKBAR_MAX_STACK} autoHideDuration={SNACKBAR_AUTO_HIDE_MS} anchorOrigin={{ vertical: 'top', horizontal: 'center' }} {...props}>
      {children}
    </NotistackProvider>
  );
}

export interface Notify {
  success(message: ReactNode): void;
  error(message: ReactNode): void;
  warning(message: ReactNode): void;
  info(message: ReactNode): void;
}

/** Shows a snackbar of the given kind; errors stay a little longer so they can be read. */
export function useNotify(): Notify {
  const { enqueueSnackbar } = useSnackbar();
  return {
    success: (message) => enqueueSnackbar(message, { variant: 'success' }),
    error: (message) => enqueueSnackbar(message, { variant: 'error', autoHideDuration: SNACKBAR_AUTO_HIDE_MS * 2 }),
    warning: (message) => enqueueSnackbar(message, { variant: 'warning' }),
    info: (message) => enqueueSnackbar(message, { variant: 'info' }),
  };
}
