import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';

/** Shown when the console did not pass an account or token, instead of a broken chat. */
export function MissingParams({ missing }: { missing: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <Alert severity="error" role="alert" sx={{ m: 2 }}>
      {t('app.missingParams', { names: missing.join(', ') })}
    </Alert>
  );
}
