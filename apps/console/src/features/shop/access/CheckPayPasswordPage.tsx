// /shop/checkPayPassword (issue 26 §5): the pay-password check before a sensitive change, as its own
// screen. The form is the account area's check definition (PAY_PASSWORD_FORMS.check: password, and a
// check code when one was sent); a successful check returns to `?redirect=` when that is a console
// screen, else to the account page. What "checked" means on the server: docs/merchant-centre.md.
import { useMemo } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useResourceActions, useResourceForm } from '../../../resource-kit';
import { ResourceFormFields } from '../../../resource-kit/ResourceFormFields';
import { PageLoading } from '../../../routes/RootLayout';
import { useRouteManifest } from '../../../routes/manifestContext';
import { collectPaths } from '../../../routes/routeHandle';
import { useIsSetPayPasswordQuery } from '../../account/api';
import { PAY_PASSWORD_FORMS } from '../../account/forms/payPasswordForms';
import { ACCOUNT_INFO_PATH, checkPayPasswordReturn } from './checkPayPasswordTarget';

const checkForm = PAY_PASSWORD_FORMS.check;

export function CheckPayPasswordPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const manifest = useRouteManifest();
  const target = useMemo(() => {
    const screens = new Set(collectPaths(manifest));
    return checkPayPasswordReturn(search, (pathname) => screens.has(pathname));
  }, [manifest, search]);
  const { context } = useResourceActions();
  const pay = useIsSetPayPasswordQuery(undefined, { refetchOnMountOrArgChange: true });
  const engine = useResourceForm(checkForm, {
    initial: checkForm.defaults,
    context,
    successKey: 'account.pay.checked',
    onSaved: () => context.navigate(target),
  });
  if (pay.isLoading) return <PageLoading />;

  return (
    <Paper component="section" aria-labelledby="check-pay-heading" sx={{ p: 3, maxWidth: 560 }}>
      <Typography id="check-pay-heading" component="h1" variant="h5" sx={{ mb: 1 }}>
        {t('shopAccess.checkPay.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('shopAccess.checkPay.intro')}
      </Typography>
      {pay.data?.isSetPayPassword === false ? (
        <Alert
          severity="info"
          data-testid="check-pay-not-set"
          action={
            <Button component={RouterLink} to={ACCOUNT_INFO_PATH} size="small">
              {t('shopAccess.checkPay.goSet')}
            </Button>
          }
        >
          {t('shopAccess.checkPay.notSet')}
        </Alert>
      ) : (
        <Stack component="form" noValidate spacing={2} onSubmit={engine.submit} aria-labelledby="check-pay-heading">
          <ResourceFormFields engine={engine} fields={checkForm.fields} editing={false} />
          <Stack direction="row" spacing={2}>
            <Button type="submit" variant="contained" loading={engine.submitting} disabled={engine.submitting} data-testid="check-pay-submit">
              {t('shopAccess.checkPay.submit')}
            </Button>
            <Button component={RouterLink} to={ACCOUNT_INFO_PATH}>
              {t('shopAccess.checkPay.back')}
            </Button>
          </Stack>
        </Stack>
      )}
      {engine.question}
    </Paper>
  );
}
