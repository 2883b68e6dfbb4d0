// /registered/resetSuccess (§2, public): the password was reset; every old session was signed out.
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import { LOGIN_PATH } from '../../routes/routeDecision';

export function ResetSuccessPage() {
  const { t } = useTranslation();
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Paper sx={{ maxWidth: 480, width: '100%', p: 4, textAlign: 'center' }}>
        <CheckCircleOutlineIcon color="success" sx={{ fontSize: 56 }} aria-hidden />
        <Typography component="h1" variant="h5" gutterBottom data-testid="reset-success">
          {t('auth.resetSuccess.heading')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('auth.resetSuccess.body')}
        </Typography>
        <Button variant="contained" component={RouterLink} to={LOGIN_PATH}>
          {t('auth.resetSuccess.toLogin')}
        </Button>
      </Paper>
    </Box>
  );
}
