// /shop/settlement/edit (issue 26 §2): bind or change the settlement card with the pay password and a check code
// sent to the store's mobile (settlementForm, on the form kit). It starts from the current bank, holder and branch
// (the number is never sent to the console whole, so it is typed again), says that a change pauses withdrawals for
// 24 hours, and without a pay password says so and links to where it is set.
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import { ResourceFormScreen } from '../../../resource-kit';
import { PageError, PageLoading } from '../../../resource-kit/PageStates';
import { useIsSetPayPasswordQuery } from '../../account/api';
import { PayPasswordNotSet } from '../../account/forms/PayPasswordNotSet';
import { useBankListQuery, useSettlementAccountQuery, type SettlementAccount } from './api';
import { SETTLEMENT_PATHS } from './paths';
import { settlementForm, type SettlementFormValues } from './settlementForm';

export function SettlementEditPage() {
  const account = useSettlementAccountQuery(undefined, { refetchOnMountOrArgChange: true });
  const pay = useIsSetPayPasswordQuery(undefined, { refetchOnMountOrArgChange: true });
  // The bank select starts on the current bank: its options come first.
  const banks = useBankListQuery();
  if (account.isLoading || pay.isLoading || banks.isLoading) return <PageLoading />;
  if (!account.data) return <PageError error={account.error} onRetry={account.refetch} />;
  return <SettlementEditForm account={account.data} payPasswordSet={pay.data?.isSetPayPassword !== false} />;
}

function SettlementEditForm({ account, payPasswordSet }: { account: SettlementAccount; payPasswordSet: boolean }) {
  const { t } = useTranslation();
  const { card } = account;
  const initial: SettlementFormValues = { ...settlementForm.defaults, ...(card ? { bankCode: card.bankCode, accountName: card.accountName, branchName: card.branchName } : {}) };
  return (
    <ResourceFormScreen
      definition={settlementForm}
      initial={initial}
      title={t(card ? 'shopSettlement.edit.heading' : 'shopSettlement.edit.bindHeading')}
      intro={payPasswordSet ? t('shopSettlement.edit.intro', { mobile: account.mobile }) : undefined}
      notices={
        payPasswordSet && card ? (
          <Alert severity="warning" sx={{ mb: 3 }} data-testid="settlement-pause-warning">
            {t('shopSettlement.edit.pauseWarning')}
          </Alert>
        ) : undefined
      }
      blocked={
        payPasswordSet ? undefined : <PayPasswordNotSet messageKey="shopSettlement.edit.noPayPassword" linkKey="shopSettlement.edit.goSetPayPassword" testId="settlement-no-pay-password" />
      }
      backTo={SETTLEMENT_PATHS.view}
      submitKey="shopSettlement.edit.submit"
      backKey="shopSettlement.edit.cancel"
      successKey="shopSettlement.edit.saved"
      submitTestId="settlement-form-submit"
    />
  );
}
