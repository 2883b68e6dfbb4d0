// Graphic-verification dialog (console-spec §2, §5, §8): overlays any screen when the server
// answers 10103003; code limited to letters, digits, dot and slash; failure shows the msg and a
// new image, success shows 'verification succeeded'.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useAppDispatch, useAppSelector } from './hooks';
import { captchaClosed, captchaKeyReceived, captchaRequested, captchaVerified } from './captchaSlice';
import { notify } from './notificationsSlice';
import { useCheckCaptchaCodeMutation, useGetCaptchaMutation } from './captchaApi';

/** §2: "code input limited to letters, digits, dot and slash". */
export const CAPTCHA_CODE_PATTERN = /^[A-Za-z0-9./]*$/;

function imageSource(value: string): string {
  return /^(data:|https?:|\/)/.test(value) ? value : `data:image/png;base64,${value}`;
}

export function CaptchaDialog() {
  const { t } = useTranslation();
  const titleId = useId();
  const dispatch = useAppDispatch();
  const image = useAppSelector((state) => state.captcha.image);
  const [code, setCode] = useState('');
  const [problemKey, setProblemKey] = useState<string | null>(null);
  const captchaKey = useAppSelector((state) => state.captcha.key) ?? undefined;
  const [getCaptcha, captchaState] = useGetCaptchaMutation();
  const [checkCode, checkState] = useCheckCaptchaCodeMutation();

  useEffect(() => {
    if (image === null) {
      setCode('');
      setProblemKey(null);
    }
  }, [image]);

  if (image === null) return null;

  const fetchAnother = async () => {
    const result = await getCaptcha();
    if ('data' in result && result.data?.value) {
      if (result.data.key) dispatch(captchaKeyReceived(result.data.key));
      dispatch(captchaRequested(result.data.value));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') {
      setProblemKey('app.captcha.codeRequired');
      dispatch(notify({ severity: 'warning', message: 'app.captcha.codeRequired', translate: true }));
      return;
    }
    const result = await checkCode({ key: captchaKey, captchaCode: code.trim() });
    if ('error' in result) {
      // §8: the failure msg was shown by the client; a new image replaces the used one.
      setProblemKey(null);
      setCode('');
      await fetchAnother();
      return;
    }
    dispatch(notify({ severity: 'success', message: 'app.captcha.succeeded', translate: true }));
    dispatch(captchaVerified());
  };

  return (
    <Dialog open onClose={() => dispatch(captchaClosed())} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t('app.captcha.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <img src={imageSource(image)} alt={t('app.captcha.imageAlt')} data-testid="captcha-image" data-captcha-key={captchaKey} style={{ maxWidth: '100%', height: 48, objectFit: 'contain' }} />
            <Link component="button" type="button" onClick={() => void fetchAnother()} disabled={captchaState.isLoading}>
              {t('app.captcha.another')}
            </Link>
            <TextField
              label={t('app.captcha.codeLabel')}
              value={code}
              autoFocus
              onChange={(event) => {
                const next = event.target.value;
                if (CAPTCHA_CODE_PATTERN.test(next)) {
                  setCode(next);
                  setProblemKey(null);
                } else {
                  setProblemKey('app.captcha.codeFormat');
                }
              }}
              error={problemKey !== null}
              helperText={problemKey ? t(problemKey) : ' '}
              slotProps={{ htmlInput: { maxLength: 16, 'data-testid': 'captcha-code' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => dispatch(captchaClosed())}>{t('app.captcha.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={checkState.isLoading} data-testid="captcha-confirm">
            {t('app.captcha.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
