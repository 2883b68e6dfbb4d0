// /registered/agrtSig: the merchant reads and accepts the agreement (storeAcceptAgreement), and the
// complete draft is submitted for review (registerStore); then the review result shows "under review".
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { notify } from '../../app/notificationsSlice';
import { PageLoading } from '../../routes/RootLayout';
import { loadCurrentUser } from '../auth/session';
import { useAcceptAgreementMutation, useRegisterStoreMutation, useStoreDraftQuery } from './api';
import { OnboardingFrame } from './components/OnboardingFrame';
import { SignInFirst } from './components/SignInFirst';
import { SERVICE_STORE_TYPE, draftToSubmission } from './storeInfoSchema';
import { SHOP_INFO_PATH } from './StoreMsgPage';

/** store-server's CURRENT_AGREEMENT_VERSION. */
export const AGREEMENT_VERSION = '2026-01';
export const REVIEW_RESULT_PATH = '/registered/resultReg';
const CLAUSES = ['c1', 'c2', 'c3', 'c4', 'c5'] as const;

export function AgreementPage() {
  const { t } = useTranslation();
  const token = useAppSelector((state) => state.auth.token);
  return (
    <OnboardingFrame heading={t('registered.agrtSig.heading')} step="agreement">
      {token ? <AgreementForm /> : <SignInFirst back="/registered/agrtSig" />}
    </OnboardingFrame>
  );
}

function AgreementForm() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const draft = useStoreDraftQuery(undefined, { refetchOnMountOrArgChange: true });
  const [accept, { isLoading: accepting }] = useAcceptAgreementMutation();
  const [register, { isLoading: submitting }] = useRegisterStoreMutation();
  const [agreed, setAgreed] = useState(false);
  const [showMustAgree, setShowMustAgree] = useState(false);

  if (draft.isLoading) return <PageLoading />;
  const submission = draftToSubmission(draft.data ?? {});
  const backPath = submission && submission.storeType !== SERVICE_STORE_TYPE ? '/registered/brandAdd' : SHOP_INFO_PATH;

  const submit = async () => {
    if (!agreed) {
      setShowMustAgree(true);
      return;
    }
    if (!submission) return;
    if ('error' in (await accept())) return;
    if ('error' in (await register(submission))) return;
    dispatch(notify({ severity: 'success', message: 'registered.agrtSig.submitted', translate: true }));
    await dispatch(loadCurrentUser());
    void navigate(REVIEW_RESULT_PATH);
  };

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('registered.agrtSig.version', { version: AGREEMENT_VERSION })}
      </Typography>
      <Box
        tabIndex={0}
        role="region"
        aria-label={t('registered.agrtSig.title')}
        sx={{ maxHeight: 280, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
        data-testid="agreement-text"
      >
        {CLAUSES.map((clause) => (
          <Typography key={clause} component="p" sx={{ mb: 1.5 }}>
            {t(`registered.agrtSig.clauses.${clause}`)}
          </Typography>
        ))}
      </Box>
      {!submission && (
        <Alert severity="warning" data-testid="agreement-incomplete" action={<Button component={RouterLink} to={SHOP_INFO_PATH} color="inherit">{t('registered.agrtSig.backToShopInfo')}</Button>}>
          {t('registered.agrtSig.incomplete')}
        </Alert>
      )}
      <Box>
        <FormControlLabel
          control={<Checkbox checked={agreed} onChange={(event) => { setAgreed(event.target.checked); setShowMustAgree(false); }} slotProps={{ input: { 'aria-describedby': 'agreement-must-agree' } as object }} data-testid="agreement-accept" />}
          label={t('registered.agrtSig.agree')}
        />
        {showMustAgree && (
          <FormHelperText error id="agreement-must-agree" role="alert">
            {t('registered.agrtSig.mustAgree')}
          </FormHelperText>
        )}
      </Box>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to={backPath}>
          {t('registered.agrtSig.back')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={!submission || accepting || submitting} data-testid="agreement-submit">
          {t('registered.agrtSig.submit')}
        </Button>
      </Stack>
    </Stack>
  );
}
