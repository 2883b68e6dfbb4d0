// The support desk's state for the frame's components (issue 32): the store's quick replies as the console
// last answered them, shared by the composer's picker and the manage dialog. Without a provider (tests of
// other parts, a frame not embedded) the composer shows no quick-reply button.
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import type { QuickReplyAction } from '@merchant/api-contracts';
import type { TFunction } from 'i18next';
import { DeskRequestError, type DeskBridge, type QuickReplyItem } from './desk-bridge';

export type QuickRepliesStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface QuickRepliesModel {
  list: readonly QuickReplyItem[];
  status: QuickRepliesStatus;
  /** Why the last read or change failed (a DeskRequestError), until the next one. */
  error: DeskRequestError | null;
  /** Reads the list again from store-server (through the console). */
  refresh(): Promise<void>;
  /** Changes the list; resolves true when store-server accepted it (the list is then its answer). */
  change(action: Exclude<QuickReplyAction, { kind: 'list' }>): Promise<boolean>;
}

export interface SupportDesk {
  bridge: DeskBridge;
}

const DeskContext = createContext<QuickRepliesModel | null>(null);
const DeskBridgeContext = createContext<SupportDesk | null>(null);

export function SupportDeskProvider({ desk, children }: { desk?: SupportDesk; children: ReactNode }) {
  const [list, setList] = useState<readonly QuickReplyItem[]>([]);
  const [status, setStatus] = useState<QuickRepliesStatus>('idle');
  const [error, setError] = useState<DeskRequestError | null>(null);
  // Only the newest answer counts: a slow read must not overwrite a later change's list.
  const latest = useRef(0);
  const run = useCallback(
    async (action: QuickReplyAction): Promise<boolean> => {
      if (!desk) return false;
      const turn = (latest.current += 1);
      if (action.kind === 'list') setStatus((current) => (current === 'ready' ? current : 'loading'));
      try {
        const answer = await desk.bridge.quickReplies(action);
        if (turn === latest.current) {
          setList(answer);
          setStatus('ready');
          setError(null);
        }
        return true;
      } catch (caught) {
        if (turn === latest.current) {
          setError(caught instanceof DeskRequestError ? caught : new DeskRequestError('refused', String(caught)));
          if (action.kind === 'list') setStatus('failed');
        }
        return false;
      }
    },
    [desk],
  );
  // Stable across answers: the picker and the dialog read the list again when they open, not on every answer.
  const refresh = useCallback(async () => {
    await run({ kind: 'list' });
  }, [run]);
  const model = useMemo<QuickRepliesModel | null>(() => (desk ? { list, status, error, refresh, change: run } : null), [desk, list, status, error, refresh, run]);
  return (
    <DeskBridgeContext.Provider value={desk ?? null}>
      <DeskContext.Provider value={model}>{children}</DeskContext.Provider>
    </DeskBridgeContext.Provider>
  );
}

/** The quick replies, or null when the frame has no support desk. */
export function useQuickReplies(): QuickRepliesModel | null {
  return useContext(DeskContext);
}

/** The support desk's bridge to the console, or null when the frame has none. */
export function useSupportDesk(): SupportDesk | null {
  return useContext(DeskBridgeContext);
}

/** What to tell the merchant about a failed desk request, in the frame's language. */
export function deskErrorText(error: DeskRequestError, t: TFunction): string {
  if (error.failure === 'notEmbedded') return t('desk.quickReplies.notEmbedded');
  if (error.failure === 'timeout') return t('desk.quickReplies.timeout');
  if (error.failure === 'otherStore') return t('desk.orders.otherStore');
  return t('desk.quickReplies.failed', { reason: error.reason });
}
