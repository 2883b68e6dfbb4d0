// /shop/checkPayPassword (issue 26 §5): the pay-password check before a sensitive change, as its own
// screen. The form is the account area's check definition (PAY_PASSWORD_FORMS.check: password, and a
// check code when one was sent); a successful check returns to `?redirect=` when that is a console
// screen, else to the account page. What "checked" means on the server: docs/merchant-centre.md.
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ResourceFormScreen } from '../../../resource-kit';
import { PageLoading } from '../../../routes/RootLayout';
import { useRouteManifest } from '../../../routes/manifestContext';
import { collectPaths } from '../../../routes/routeHandle';
import { useIsSetPayPasswordQuery } from '../../account/api';
import { PAY_PASSWORD_FORMS } from '../../account/forms/payPasswordForms';
import { PayPasswordNotSet } from '../../account/forms/PayPasswordNotSet';
import { ACCOUNT_INFO_PATH, checkPayPasswordReturn } from './checkPayPasswordTarget';

const checkForm = PAY_PASSWORD_FORMS.check;

export function CheckPayPasswordPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigate = useNavigate();
  const manifest = useRouteManifest();
  const target = useMemo(() => {
    const screens = new Set(collectPaths(manifest));
    return checkPayPasswordReturn(search, (pathname) => screens.has(pathname));
  }, [manifest, search]);
  const pay = useIsSetPayPasswordQuery(undefined, { refetchOnMountOrArgChange: true });
  if (pay.isLoading) return <PageLoading />;

  return (
    <ResourceFormScreen
      definition={checkForm}
      title={t('shopAccess.checkPay.heading')}
      intro={t('shopAccess.checkPay.intro')}
      blocked={
        pay.data?.isSetPayPassword === false ? <PayPasswordNotSet messageKey="shopAccess.checkPay.notSet" linkKey="shopAccess.checkPay.goSet" testId="check-pay-not-set" /> : undefined
      }
      backTo={ACCOUNT_INFO_PATH}
      submitKey="shopAccess.checkPay.submit"
      backKey="shopAccess.checkPay.back"
      successKey="account.pay.checked"
      onSaved={() => navigate(target)}
      submitTestId="check-pay-submit"
      maxWidth={560}
    />
  );
}
