// Shown on an onboarding step that needs the merchant's token when there is none.
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { loginPathFor } from '../../../routes/routeDecision';

export function SignInFirst({ back }: { back: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('registered.signInFirst')}
      </Typography>
      <Button variant="contained" component={RouterLink} to={loginPathFor(back)}>
        {t('registered.goToLogin')}
      </Button>
    </>
  );
}
