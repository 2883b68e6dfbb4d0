// /registered/toKnowTheServiceProvider: what a service store (storeType 3) is, before its shop info.
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { OnboardingFrame } from './components/OnboardingFrame';
import { SERVICE_STORE_TYPE } from './storeInfoSchema';
import { shopInfoPathFor } from './StoreMsgPage';

export function ServiceProviderPage() {
  const { t } = useTranslation();
  return (
    <OnboardingFrame heading={t('registered.serviceProvider.heading')} step="storeType">
      <Stack spacing={2} sx={{ mb: 3 }}>
        {(['p1', 'p2', 'p3'] as const).map((key) => (
          <Typography key={key}>{t(`registered.serviceProvider.${key}`)}</Typography>
        ))}
      </Stack>
      <Stack direction="row" spacing={2}>
        <Button variant="contained" component={RouterLink} to={shopInfoPathFor(SERVICE_STORE_TYPE)} data-testid="service-provider-continue">
          {t('registered.serviceProvider.continue')}
        </Button>
        <Button component={RouterLink} to="/registered/storeMsg">
          {t('registered.serviceProvider.back')}
        </Button>
      </Stack>
    </OnboardingFrame>
  );
}
