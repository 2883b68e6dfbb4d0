// /registered/agrtSig: the merchant reads and accepts the agreement (storeAcceptAgreement), and the
// complete draft is submitted for review (registerStore); then the review result shows "under review".
// An approved (2) or disabled (4) store with no agreement on record comes here from the dashboard's "sign
// the agreement" prompt: it only accepts the agreement (store-server allows that once) and goes back to the
// dashboard; its onboarding draft is neither read nor submitted (docs/onboarding.md).
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
import { accountEndpoints } from '@merchant/api-contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { notify } from '../../app/notificationsSlice';
import { storeInitApi } from '../../app/storeInit';
import { PageLoading } from '../../routes/RootLayout';
import { DASHBOARD_PATH } from '../../routes/routeDecision';
import { useHasPermission } from '../auth/permissions';
import { loadCurrentUser } from '../auth/session';
import { isEntitledStoreStatus } from '../auth/storeStatus';
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
  const { token, user } = useAppSelector((state) => state.auth);
  if (token && !user) return <PageLoading />;
  // A store in the console signs the agreement it lacks; the onboarding stepper is not its path.
  if (token && isEntitledStoreStatus(user?.storeStatus)) {
    return (
      <OnboardingFrame heading={t('registered.agrtSig.heading')}>
        <InAppAgreementForm />
      </OnboardingFrame>
    );
  }
  return (
    <OnboardingFrame heading={t('registered.agrtSig.heading')} step="agreement">
      {token ? <AgreementForm /> : <SignInFirst back="/registered/agrtSig" />}
    </OnboardingFrame>
  );
}

/** The agreement's version and clauses, in a scrollable region. */
function AgreementText() {
  const { t } = useTranslation();
  return (
    <>
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
    </>
  );
}

/** The "I agree" box, and the note when the merchant goes on without ticking it. */
function AgreeBox({ agreed, showMustAgree, onChange }: { agreed: boolean; showMustAgree: boolean; onChange: (agreed: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Box>
      <FormControlLabel
        control={<Checkbox checked={agreed} onChange={(event) => onChange(event.target.checked)} slotProps={{ input: { 'aria-describedby': 'agreement-must-agree' } as object }} data-testid="agreement-accept" />}
        label={t('registered.agrtSig.agree')}
      />
      {showMustAgree && (
        <FormHelperText error id="agreement-must-agree" role="alert">
          {t('registered.agrtSig.mustAgree')}
        </FormHelperText>
      )}
    </Box>
  );
}

/**
 * An approved or disabled store: accepting is the whole step (storeAcceptAgreement needs shop:edit, like
 * store-server). The dashboard's cached notices learn the agreement is on record, so its prompt goes.
 */
function InAppAgreementForm() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const allowed = useHasPermission(accountEndpoints.storeAcceptAgreement.permission);
  const [accept, { isLoading: accepting }] = useAcceptAgreementMutation();
  const [agreed, setAgreed] = useState(false);
  const [showMustAgree, setShowMustAgree] = useState(false);

  const submit = async () => {
    if (!agreed) {
      setShowMustAgree(true);
      return;
    }
    if ('error' in (await accept())) return;
    dispatch(storeInitApi.util.updateQueryData('storePcHome', undefined, (home) => {
      home.existsProtocol = true;
    }));
    dispatch(notify({ severity: 'success', message: 'registered.agrtSig.signed', translate: true }));
    void navigate(DASHBOARD_PATH);
  };

  return (
    <Stack spacing={2}>
      <AgreementText />
      {!allowed && (
        <Alert severity="info" data-testid="agreement-no-permission">
          {t('registered.agrtSig.noPermission')}
        </Alert>
      )}
      <AgreeBox agreed={agreed} showMustAgree={showMustAgree} onChange={(checked) => { setAgreed(checked); setShowMustAgree(false); }} />
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to={DASHBOARD_PATH} data-testid="agreement-back">
          {t('registered.agrtSig.backToDashboard')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={!allowed || accepting} data-testid="agreement-submit">
          {t('registered.agrtSig.accept')}
        </Button>
      </Stack>
    </Stack>
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
      <AgreementText />
      {!submission && (
        <Alert severity="warning" data-testid="agreement-incomplete" action={<Button component={RouterLink} to={SHOP_INFO_PATH} color="inherit">{t('registered.agrtSig.backToShopInfo')}</Button>}>
          {t('registered.agrtSig.incomplete')}
        </Alert>
      )}
      <AgreeBox agreed={agreed} showMustAgree={showMustAgree} onChange={(checked) => { setAgreed(checked); setShowMustAgree(false); }} />
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
