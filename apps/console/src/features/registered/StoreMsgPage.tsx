// /registered/storeMsg: the merchant chooses the store type (console-spec §4: 1 flagship, 2 specialty,
// 3 service). A service store first learns what a service provider is.
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { STORE_TYPE_LABELS } from '@merchant/api-contracts';
import { statusLabel, type UiKitLocale } from '@merchant/ui-kit/format';
import { OnboardingFrame } from './components/OnboardingFrame';
import { SERVICE_STORE_TYPE, STORE_TYPES } from './storeInfoSchema';

export const SHOP_INFO_PATH = '/registered/shopMsg';
export const SERVICE_PROVIDER_PATH = '/registered/toKnowTheServiceProvider';
export const shopInfoPathFor = (storeType: number) => `${SHOP_INFO_PATH}?storeType=${storeType}`;

export function StoreMsgPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const choose = (storeType: number) => void navigate(storeType === SERVICE_STORE_TYPE ? SERVICE_PROVIDER_PATH : shopInfoPathFor(storeType));
  return (
    <OnboardingFrame heading={t('registered.storeMsg.heading')} step="storeType" width={880}>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('registered.storeMsg.intro')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        {STORE_TYPES.map((storeType) => {
          const name = statusLabel(STORE_TYPE_LABELS, storeType, i18n.language as UiKitLocale);
          return (
            <Card key={storeType} variant="outlined" sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
              <CardContent sx={{ flex: 1 }}>
                <Typography component="h2" variant="h6" gutterBottom>
                  {name}
                </Typography>
                <Typography color="text.secondary">{t(`registered.storeMsg.type${storeType}`)}</Typography>
              </CardContent>
              <CardActions>
                <Button variant="contained" onClick={() => choose(storeType)} data-testid={`store-type-${storeType}`}>
                  {t('registered.storeMsg.choose', { type: name })}
                </Button>
              </CardActions>
            </Card>
          );
        })}
      </Stack>
    </OnboardingFrame>
  );
}
