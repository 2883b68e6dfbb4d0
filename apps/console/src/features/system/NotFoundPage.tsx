// /404: unknown paths land here (§2).
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, p: 2 }}>
      <Typography variant="h2" component="p" color="text.secondary" aria-hidden>
        404
      </Typography>
      <Typography component="h1" variant="h5">
        {t('system.notFound.heading')}
      </Typography>
      <Typography color="text.secondary">{t('system.notFound.body')}</Typography>
      <Button variant="contained" component={RouterLink} to="/dashboard">
        {t('system.notFound.back')}
      </Button>
    </Box>
  );
}
