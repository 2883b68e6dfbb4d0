// Shown instead of a form that needs the pay password while the store has none: why, and a link to the
// account page where it is set (the pay-password check, the settlement account).
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { ACCOUNT_INFO_PATH } from '../paths';

export function PayPasswordNotSet({ messageKey, linkKey, testId }: { messageKey: string; linkKey: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="info"
      data-testid={testId}
      action={
        <Button component={RouterLink} to={ACCOUNT_INFO_PATH} size="small">
          {t(linkKey)}
        </Button>
      }
    >
      {t(messageKey)}
    </Alert>
  );
}
