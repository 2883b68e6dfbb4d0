// Breadcrumb from the matched routes' handles (titles); the dashboard always leads.
import { Link as RouterLink, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { handleOf } from '../routes/routeHandle';
import { DASHBOARD_PATH } from '../routes/routeDecision';

export function Breadcrumb() {
  const { t } = useTranslation();
  const matches = useMatches();
  const crumbs = matches.flatMap((match) => {
    const handle = handleOf(match);
    return handle?.title && handle.breadcrumb !== false ? [{ path: match.pathname, titleKey: handle.title }] : [];
  });
  if (crumbs[0]?.path !== DASHBOARD_PATH) crumbs.unshift({ path: DASHBOARD_PATH, titleKey: 'dashboard.title' });
  return (
    <Breadcrumbs aria-label={t('layout.breadcrumb')} sx={{ display: { xs: 'none', sm: 'flex' } }}>
      {crumbs.map((crumb, index) =>
        index === crumbs.length - 1 ? (
          <Typography key={crumb.path} color="text.secondary" aria-current="page">
            {t(crumb.titleKey)}
          </Typography>
        ) : (
          <Link key={crumb.path} component={RouterLink} to={crumb.path} underline="hover" color="inherit">
            {t(crumb.titleKey)}
          </Link>
        ),
      )}
    </Breadcrumbs>
  );
}
