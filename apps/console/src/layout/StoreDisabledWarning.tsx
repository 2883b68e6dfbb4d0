// §4: a store with status 4 sees a persistent warning on entering the layout, with the reason.
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import { STORE_STATUS } from '@merchant/api-contracts';
import { useAppSelector } from '../app/hooks';

export function StoreDisabledWarning() {
  const { t } = useTranslation();
  const user = useAppSelector((state) => state.auth.user);
  if (user?.storeStatus !== STORE_STATUS.disabled) return null;
  return (
    <Alert severity="warning" role="alert" data-testid="store-disabled-warning" sx={{ borderRadius: 0 }}>
      {t('layout.disabledWarning')}
      {user.forbiddenReason && ` ${t('layout.disabledReason', { reason: user.forbiddenReason })}`}
    </Alert>
  );
}
