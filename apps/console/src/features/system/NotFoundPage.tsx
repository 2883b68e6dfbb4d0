// /404 inside the layout (§2, issue 7): names the address that was typed and offers a way back.
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DASHBOARD_PATH } from '../../routes/routeDecision';
import { NOT_FOUND_FROM_PARAM } from './NotFoundRedirect';

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const typed = params.get(NOT_FOUND_FROM_PARAM);
  return (
    <Box component="section" aria-labelledby="not-found-heading" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 2, py: 8, px: 2 }}>
      <Typography variant="h2" component="p" color="text.secondary" aria-hidden>
        404
      </Typography>
      <Typography component="h1" variant="h5" id="not-found-heading">
        {t('system.notFound.heading')}
      </Typography>
      {typed ? (
        <Typography data-testid="not-found-address">
          {t('system.notFound.typed')} <Box component="code" sx={{ px: 0.5, bgcolor: 'action.hover', borderRadius: 0.5, wordBreak: 'break-all' }}>{typed}</Box>
        </Typography>
      ) : null}
      <Typography color="text.secondary">{t('system.notFound.body')}</Typography>
      <Stack direction="row" spacing={2}>
        <Button variant="outlined" onClick={() => void navigate(-1)}>
          {t('system.notFound.previous')}
        </Button>
        <Button variant="contained" component={RouterLink} to={DASHBOARD_PATH} data-testid="not-found-home">
          {t('system.notFound.back')}
        </Button>
      </Stack>
    </Box>
  );
}
