// The context a definition's actions run in: mutations through the store (their tags refresh the
// lists), navigation, dialogs of their own, success notices. Failures already show the server msg
// once, in the baseQuery (§8), so a failed action only stops here.
import { Fragment, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../app/hooks';
import { notify } from '../app/notificationsSlice';
import type { ResourceActionContext, ResourceMutationEndpoint } from './types';

interface OpenDialog {
  id: number;
  render: (close: () => void) => ReactNode;
}

export function useResourceActions(): { context: ResourceActionContext; dialogs: ReactNode } {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState<OpenDialog[]>([]);
  const nextId = useRef(0);

  const mutate = useCallback(
    async <Arg,>(endpoint: ResourceMutationEndpoint<Arg>, arg: Arg): Promise<unknown> => {
      const pending = dispatch(endpoint.initiate(arg) as never) as unknown as { unwrap(): Promise<unknown> };
      return pending.unwrap();
    },
    [dispatch],
  );

  const context = useMemo<ResourceActionContext>(
    () => ({
      t,
      navigate: (to) => void navigate(to),
      mutate,
      perform: async (endpoint, arg, messageKey = 'resourceKit.done') => {
        await mutate(endpoint, arg);
        dispatch(notify({ severity: 'success', message: messageKey, translate: true }));
      },
      openDialog: (render) => {
        const id = ++nextId.current;
        setOpen((current) => [...current, { id, render }]);
      },
      succeeded: (messageKey = 'resourceKit.done') => void dispatch(notify({ severity: 'success', message: messageKey, translate: true })),
    }),
    [t, navigate, mutate, dispatch],
  );

  const dialogs = open.map((dialog) => (
    <Fragment key={dialog.id}>{dialog.render(() => setOpen((current) => current.filter((other) => other.id !== dialog.id)))}</Fragment>
  ));
  return { context, dialogs };
}
