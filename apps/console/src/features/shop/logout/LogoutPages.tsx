// Closing the shop (issue 26 §6, docs/merchant-centre.md "Closing the shop"): the checklist (/shop/logout),
// the risk warning with the request (/shop/storeLogoutRiskWarning: reason → pay password → confirmation →
// insertRecords), and the page after sending it (/logoutSubmitSuccess). The public result is LogoutResultPage.
import { useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LogoutRecordStatus, PERMISSIONS, logoutItemText, type LogoutBlocker } from '@merchant/api-contracts';
import { ConfirmDialog } from '@merchant/ui-kit';
import { PageError, PageLoading, ScreenSection, useResourceActions, useResourceForm, type ResourceActionContext } from '../../../resource-kit';
import { ResourceFormFields } from '../../../resource-kit/ResourceFormFields';
import { useHasPermission } from '../../auth/permissions';
import { useIsSetPayPasswordQuery } from '../../account/api';
import { PAY_PASSWORD_FORMS } from '../../account/forms/payPasswordForms';
import { ORDER_PATHS } from '../../orders/paths';
import { AFTER_SALES_PATHS } from '../../after-sales/paths';
import { useCheckStoreCanLogoutQuery } from './api';
import { logoutRequestForm } from './logoutRequestForm';
import { LOGOUT_PATHS, logoutResultAddress, logoutSubmittedAddress } from './paths';

const ACCOUNT_INFO_PATH = '/shop/accountMgmt/accountInfo';
const orderTab = (status: number) => `${ORDER_PATHS.list}?${new URLSearchParams({ 'orders.list.q': JSON.stringify({ status }) })}`;

/** The screen that clears a blocker; the money items and running coupons have no console screen yet (wallet, coupons). */
const CLEARED_AT: Partial<Record<LogoutBlocker, string>> = {
  ordersToShip: orderTab(1),
  ordersInDelivery: orderTab(2),
  openRefunds: AFTER_SALES_PATHS.pending,
  openComplaints: AFTER_SALES_PATHS.complaint,
};

const language = (lng: string) => (lng === 'en-US' ? 'en-US' : 'zh-CN');

export function LogoutChecklistPage() {
  const { t, i18n } = useTranslation();
  const check = useCheckStoreCanLogoutQuery(undefined, { refetchOnMountOrArgChange: true });
  const mayClose = useHasPermission(PERMISSIONS.shopDeregister);
  if (check.isLoading) return <PageLoading />;
  if (!check.data) return <PageError error={check.error} onRetry={() => void check.refetch()} />;
  const { blockers, warnings, latestRequest, canLogout } = check.data;
  const lng = language(i18n.language);
  return (
    <ScreenSection title={t('shopLogout.checklist.heading')} intro={t('shopLogout.checklist.intro')} testId="logout-checklist" maxWidth={720}>
      {latestRequest && latestRequest.status !== LogoutRecordStatus.completed && (
        <Alert
          severity={latestRequest.status === LogoutRecordStatus.pending ? 'info' : 'warning'}
          sx={{ mb: 2 }}
          data-testid="logout-latest-request"
          action={
            <Button component={RouterLink} to={logoutResultAddress(latestRequest.ref)} size="small">
              {t('shopLogout.checklist.viewResult')}
            </Button>
          }
        >
          {t(latestRequest.status === LogoutRecordStatus.pending ? 'shopLogout.checklist.pending' : 'shopLogout.checklist.refused', { id: latestRequest.id })}
        </Alert>
      )}
      <Typography component="h2" variant="h6">
        {t('shopLogout.checklist.blockersTitle')}
      </Typography>
      {blockers.length === 0 ? (
        <Alert severity="success" sx={{ my: 1 }} data-testid="logout-no-blockers">
          {t('shopLogout.checklist.none')}
        </Alert>
      ) : (
        <List data-testid="logout-blockers" aria-label={t('shopLogout.checklist.blockersTitle')}>
          {blockers.map((item) => {
            const to = item.code === 'pendingRequest' && latestRequest ? logoutResultAddress(latestRequest.ref) : CLEARED_AT[item.code];
            return (
              <ListItem
                key={item.code}
                divider
                data-testid={`logout-blocker-${item.code}`}
                secondaryAction={
                  to ? (
                    <Button component={RouterLink} to={to} size="small" data-testid={`logout-clear-${item.code}`}>
                      {t(item.code === 'pendingRequest' ? 'shopLogout.checklist.viewResult' : 'shopLogout.checklist.handle')}
                    </Button>
                  ) : undefined
                }
              >
                <ListItemText primary={logoutItemText(item.code, item.count, lng)} />
              </ListItem>
            );
          })}
        </List>
      )}
      {warnings.length > 0 && (
        <>
          <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
            {t('shopLogout.checklist.warningsTitle')}
          </Typography>
          <List data-testid="logout-warnings" dense>
            {warnings.map((item) => (
              <ListItem key={item.code} data-testid={`logout-warning-${item.code}`}>
                <ListItemText primary={logoutItemText(item.code, item.count, lng)} />
              </ListItem>
            ))}
          </List>
        </>
      )}
      {canLogout && !mayClose && <Alert severity="warning" sx={{ mt: 2 }}>{t('shopLogout.checklist.noPermission')}</Alert>}
      {canLogout && mayClose && (
        <Button component={RouterLink} to={LOGOUT_PATHS.riskWarning} variant="contained" sx={{ mt: 2 }} data-testid="logout-next">
          {t('shopLogout.checklist.next')}
        </Button>
      )}
    </ScreenSection>
  );
}

type Step = 'pay' | 'confirm' | null;

/**
 * The steps between a valid reason and insertRecords: the pay-password check, then the confirmation.
 * The kit's submit waits on them through its context's `mutate`; a cancelled step refuses the save, so
 * the form stays with its values (and its idempotency key, for the next try).
 */
function useGatedContext(context: ResourceActionContext) {
  const [step, setStep] = useState<Step>(null);
  const pending = useRef<{ resolve(): void; reject(reason: Error): void } | null>(null);
  const gated: ResourceActionContext = {
    ...context,
    mutate: async (endpoint, arg) => {
      await new Promise<void>((resolve, reject) => {
        pending.current = { resolve, reject };
        setStep('pay');
      });
      return context.mutate(endpoint, arg);
    },
  };
  const cancel = () => {
    setStep(null);
    pending.current?.reject(new Error('cancelled'));
    pending.current = null;
  };
  const confirmed = () => {
    setStep(null);
    pending.current?.resolve();
    pending.current = null;
  };
  return { gated, step, checked: () => setStep('confirm'), cancel, confirmed };
}

/** The account area's check; no notice of its own: the confirmation follows at once. */
const payCheck = { ...PAY_PASSWORD_FORMS.check, successKey: null };

function PayCheckDialog({ context, onChecked, onCancel }: { context: ResourceActionContext; onChecked(): void; onCancel(): void }) {
  const { t } = useTranslation();
  const pay = useIsSetPayPasswordQuery(undefined, { refetchOnMountOrArgChange: true });
  const engine = useResourceForm(payCheck, { initial: payCheck.defaults, context, successKey: 'account.pay.checked', onSaved: onChecked });
  return (
    <Dialog open onClose={() => engine.requestClose(onCancel)} aria-labelledby="logout-pay-title" fullWidth maxWidth="xs">
      <DialogTitle id="logout-pay-title">{t('shopLogout.risk.payTitle')}</DialogTitle>
      {pay.data?.isSetPayPassword === false ? (
        <>
          <DialogContent>
            <Alert severity="info" data-testid="logout-pay-not-set">
              {t('shopLogout.risk.payNotSet')}
            </Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={onCancel}>{t('shopLogout.risk.cancel')}</Button>
            <Button component={RouterLink} to={ACCOUNT_INFO_PATH} variant="contained">
              {t('shopLogout.risk.goSetPay')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <form noValidate onSubmit={engine.submit}>
          <DialogContent>
            <DialogContentText sx={{ mb: 1 }}>{t('shopLogout.risk.payIntro')}</DialogContentText>
            <ResourceFormFields engine={engine} fields={payCheck.fields} editing={false} />
          </DialogContent>
          <DialogActions>
            <Button type="button" onClick={() => engine.requestClose(onCancel)}>
              {t('shopLogout.risk.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={engine.submitting} disabled={engine.submitting} data-testid="logout-pay-submit">
              {t('shopLogout.risk.payCheck')}
            </Button>
          </DialogActions>
        </form>
      )}
      {engine.question}
    </Dialog>
  );
}

export function LogoutRiskWarningPage() {
  const { t, i18n } = useTranslation();
  const { context, dialogs } = useResourceActions();
  const check = useCheckStoreCanLogoutQuery(undefined, { refetchOnMountOrArgChange: true });
  const gate = useGatedContext(context);
  const engine = useResourceForm(logoutRequestForm, {
    initial: logoutRequestForm.defaults,
    context: gate.gated,
    successKey: 'resourceKit.saved',
    onSaved: (answer) => {
      const sent = answer as { id: number; ref: string };
      context.navigate(logoutSubmittedAddress(sent.id, sent.ref));
    },
  });
  if (check.isLoading) return <PageLoading />;
  if (!check.data) return <PageError error={check.error} onRetry={() => void check.refetch()} />;
  const lng = language(i18n.language);
  return (
    <ScreenSection title={t('shopLogout.risk.heading')} testId="logout-risk" maxWidth={720}>
      {!check.data.canLogout ? (
        <Alert
          severity="warning"
          data-testid="logout-risk-blocked"
          action={
            <Button component={RouterLink} to={LOGOUT_PATHS.checklist} size="small">
              {t('shopLogout.risk.back')}
            </Button>
          }
        >
          {t('shopLogout.risk.blocked')}
        </Alert>
      ) : (
        <>
          <Alert severity="error" icon={false} sx={{ mb: 2 }}>
            <Typography sx={{ fontWeight: 600 }}>{t('shopLogout.risk.intro')}</Typography>
            <List dense disablePadding sx={{ listStyle: 'disc', pl: 3 }}>
              {(['closed', 'goods', 'staff', 'irreversible'] as const).map((key) => (
                <ListItem key={key} sx={{ display: 'list-item', py: 0 }}>
                  {t(`shopLogout.risk.consequences.${key}`)}
                </ListItem>
              ))}
              {check.data.warnings.map((item) => (
                <ListItem key={item.code} sx={{ display: 'list-item', py: 0 }} data-testid={`logout-risk-warning-${item.code}`}>
                  {logoutItemText(item.code, item.count, lng)}
                </ListItem>
              ))}
            </List>
          </Alert>
          <Stack component="form" noValidate spacing={2} onSubmit={engine.submit} aria-labelledby="logout-risk-heading">
            <ResourceFormFields engine={engine} fields={logoutRequestForm.fields} editing={false} />
            <Stack direction="row" spacing={2}>
              <Button type="submit" variant="contained" color="error" loading={engine.submitting} disabled={engine.submitting} data-testid="logout-submit">
                {t('shopLogout.risk.submit')}
              </Button>
              <Button component={RouterLink} to={LOGOUT_PATHS.checklist}>
                {t('shopLogout.risk.back')}
              </Button>
            </Stack>
          </Stack>
        </>
      )}
      {gate.step === 'pay' && <PayCheckDialog context={context} onChecked={gate.checked} onCancel={gate.cancel} />}
      <ConfirmDialog
        open={gate.step === 'confirm'}
        title={t('shopLogout.risk.confirmTitle')}
        content={t('shopLogout.risk.confirmText')}
        confirmText={t('shopLogout.risk.confirm')}
        cancelText={t('shopLogout.risk.cancel')}
        onConfirm={gate.confirmed}
        onClose={gate.cancel}
      />
      {engine.question}
      {dialogs}
    </ScreenSection>
  );
}

export function LogoutSubmittedPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const ref = params.get('ref') ?? '';
  const link = `${window.location.origin}${logoutResultAddress(ref)}`;
  return (
    <ScreenSection title={t('shopLogout.submitted.heading')} testId="logout-submitted" maxWidth={720}>
      <Typography sx={{ mb: 1 }}>{t('shopLogout.submitted.text', { id: params.get('id') ?? '' })}</Typography>
      {ref && (
        <>
          <Typography color="text.secondary">{t('shopLogout.submitted.keepLink')}</Typography>
          <Typography component="code" sx={{ display: 'block', my: 1, wordBreak: 'break-all' }} data-testid="logout-result-link">
            {link}
          </Typography>
        </>
      )}
      <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
        {ref && (
          <Button component={RouterLink} to={logoutResultAddress(ref)} variant="contained" data-testid="logout-view-result">
            {t('shopLogout.submitted.viewResult')}
          </Button>
        )}
        <Button component={RouterLink} to="/dashboard">
          {t('shopLogout.submitted.home')}
        </Button>
      </Stack>
    </ScreenSection>
  );
}
