// The IM info dialog (console-spec §2, §5): the avatar and nickname customers see beside the store's
// chat messages, a kit form dialog on the contract's imInfoBiz. Either missing reads 'please fill in IM
// info' (the contract's imInfoRequired rule); the nickname is trimmed. The avatar comes from the media
// library (choose or upload one image) and is sent as §3's avatar object: store-server keeps its
// objectKey and signs a fresh URL on every read (docs/console-shell.md).
import { useMemo } from 'react';
import { imInfoBiz, imEndpoints, objectKeyOfMediaUrl, type AvatarObject } from '@merchant/api-contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ResourceFormDialog, defineResourceForm, useResourceActions } from '../../resource-kit';
import type { MediaRef } from '../../resource-kit/fields/MediaValue';
import { userLoaded } from '../auth/authSlice';
import { imApi } from './api';

interface ImInfoValues extends Record<string, unknown> {
  nickname: string;
  /** The picked library image (the saved avatar's freshly signed URL to start with), null when none. */
  avatar: MediaRef | null;
}

/** The picked file as §3's avatar object: a library file's signed URL names its object key, which is what lasts. */
export function avatarOfMedia(avatar: MediaRef | null): AvatarObject {
  if (!avatar) return { objectKey: '', objectUrl: '' };
  return { objectKey: objectKeyOfMediaUrl(avatar.objectUrl) ?? '', objectUrl: avatar.objectUrl };
}

export function ImInfoDialog({ onClose }: { onClose(): void }) {
  const dispatch = useAppDispatch();
  const user = useAppSelector((state) => state.auth.user);
  const actions = useResourceActions();
  const definition = useMemo(
    () =>
      defineResourceForm<ImInfoValues>({
        schema: imInfoBiz,
        fields: [
          { name: 'avatar', labelKey: 'message.imInfo.avatar', kind: 'media', media: { chooseFileType: 'img' } },
          { name: 'nickname', labelKey: 'message.imInfo.nickname', kind: 'text' },
        ],
        defaults: { nickname: '', avatar: null },
        toBiz: ({ nickname, avatar }) => ({ nickname, avatar: avatarOfMedia(avatar) }),
        // The avatar's problems (its object key) are the avatar field's.
        fromWirePath: (path) => (path.startsWith('avatar') ? 'avatar' : path),
        create: { endpoint: imApi.endpoints.updateImInfo as never, contract: imEndpoints.updateImInfo },
        successKey: 'message.imInfo.saved',
        // The shell shows the new name and avatar at once.
        afterSave: (_answer, _context, checked) => {
          const sent = checked as unknown as { nickname: string; avatar: AvatarObject };
          if (user) dispatch(userLoaded({ ...user, nickname: sent.nickname, avatarUrl: sent.avatar.objectUrl }));
        },
      }),
    [dispatch, user],
  );
  const initial: ImInfoValues = { nickname: user?.nickname ?? '', avatar: user?.avatarUrl ? { objectUrl: user.avatarUrl } : null };
  return (
    <>
      <ResourceFormDialog definition={definition} titleKey="message.imInfo.title" hintKey="message.imInfo.hint" submitKey="message.imInfo.save" context={actions.context} onClose={onClose} initial={initial} maxWidth="xs" />
      {actions.dialogs}
    </>
  );
}
