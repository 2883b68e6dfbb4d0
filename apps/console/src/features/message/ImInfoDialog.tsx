// The IM info dialog (console-spec §2, §5): the avatar and nickname customers see beside the store's
// chat messages. Both are required, else one warning 'please fill in IM info'; the nickname is
// trimmed. The avatar comes from the media library (choose or upload one image) and is sent as §3's avatar
// object: store-server keeps its objectKey and signs a fresh URL on every read (docs/console-shell.md).
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { IM_NICKNAME_MAX, imInfoBiz, objectKeyOfMediaUrl } from '@merchant/api-contracts';
import { MediaPicker, pickerFiles, type MediaPickerValue } from '@merchant/media-library/react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { notify } from '../../app/notificationsSlice';
import { apiErrorText } from '../../app/apiErrorText';
import { userLoaded } from '../auth/authSlice';
import { mediaApi } from '../media/api';
import { useMediaUpload } from '../media/useMediaUpload';
import { useUpdateImInfoMutation } from './api';

interface ImInfoForm {
  nickname: string;
  avatar: MediaPickerValue;
}

/** The picker's value for the saved avatar (user info answers it freshly signed): a one-file selection the picker can show. */
function avatarValue(avatarUrl: string | null | undefined): MediaPickerValue {
  if (!avatarUrl) return {};
  return { fileId: 'current-avatar', objectName: 'avatar', objectUrl: avatarUrl };
}

export interface ImInfoDialogProps {
  open: boolean;
  onClose(): void;
}

export function ImInfoDialog({ open, onClose }: ImInfoDialogProps) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector((state) => state.auth.user);
  const upload = useMediaUpload();
  const [save, { isLoading }] = useUpdateImInfoMutation();
  const { control, handleSubmit, reset, setError, clearErrors, formState } = useForm<ImInfoForm>({
    defaultValues: { nickname: user?.nickname ?? '', avatar: avatarValue(user?.avatarUrl) },
  });

  useEffect(() => {
    if (open) reset({ nickname: user?.nickname ?? '', avatar: avatarValue(user?.avatarUrl) });
  }, [open, reset, user?.nickname, user?.avatarUrl]);

  const submit = handleSubmit(async ({ nickname, avatar }) => {
    // The contract's schema is the rule (the server applies the same); any miss is the one §5 warning.
    // A library file's signed URL names its object key, which is what lasts.
    const picked = pickerFiles(avatar)[0];
    const avatarObject = picked && { objectKey: objectKeyOfMediaUrl(picked.objectUrl) ?? '', objectUrl: picked.objectUrl };
    const parsed = imInfoBiz.safeParse({ nickname, avatar: avatarObject });
    if (!parsed.success) {
      const tooLong = parsed.error.issues.some((issue) => issue.code === 'too_big');
      setError('root', { message: tooLong ? t('message.imInfo.nicknameTooLong', { max: IM_NICKNAME_MAX }) : t('message.imInfo.required') });
      return;
    }
    clearErrors('root');
    try {
      await save(parsed.data).unwrap();
      if (user) dispatch(userLoaded({ ...user, nickname: parsed.data.nickname, avatarUrl: parsed.data.avatar.objectUrl }));
      dispatch(notify({ severity: 'success', message: 'message.imInfo.saved', translate: true }));
      onClose();
    } catch (error) {
      setError('root', { message: apiErrorText(error, i18n.language, t('message.imInfo.saveFailed')) });
    }
  });

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="im-info-title" fullWidth maxWidth="xs">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="im-info-title">{t('message.imInfo.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Alert severity="info" variant="outlined">
              {t('message.imInfo.hint')}
            </Alert>
            <Stack spacing={1} role="group" aria-labelledby="im-info-avatar-label">
              <FormLabel id="im-info-avatar-label" required>
                {t('message.imInfo.avatar')}
              </FormLabel>
              <Controller
                control={control}
                name="avatar"
                render={({ field }) => (
                  <MediaPicker
                    value={field.value}
                    onChange={field.onChange}
                    chooseFileType="img"
                    trigger="card"
                    endpoint={mediaApi.endpoints.mediaFiles}
                    upload={upload.picker}
                    onNotice={upload.onNotice}
                  />
                )}
              />
            </Stack>
            <Controller
              control={control}
              name="nickname"
              render={({ field }) => (
                <TextField
                  {...field}
                  label={t('message.imInfo.nickname')}
                  required
                  autoComplete="nickname"
                  slotProps={{ htmlInput: { maxLength: IM_NICKNAME_MAX, 'data-testid': 'im-info-nickname' } }}
                />
              )}
            />
            {formState.errors.root?.message && (
              <Alert severity="warning" role="alert" data-testid="im-info-error">
                {formState.errors.root.message}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('message.imInfo.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={isLoading} data-testid="im-info-save">
            {t('message.imInfo.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
