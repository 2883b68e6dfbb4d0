// /shop/accountMgmt/staff/:userId/access (issue 26 §4, beyond the spec): what one account can do and why. A summary
// (how many menu screens it can open and cannot), then each area of the catalogue with each code: held or not (in
// words and an icon, never colour alone), why (the owner, the roles that give it, no role, the account disabled),
// the screens it opens as links, what it lets one do (PERMISSION_LABELS) and the server calls that check it.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import { PERMISSION_AREAS, PERMISSION_LABELS, STAFF_STATUS, type PermissionCode } from '@merchant/api-contracts';
import { useAppSelector } from '../../../app/hooks';
import { useRouteManifest } from '../../../routes/manifestContext';
import { PageError, PageLoading, ScreenSection, StatusChip, textContext } from '../../../resource-kit';
import { accessSummary, callsCheckingCode, codedScreens, codeReason, type AccessSummary, type CodedScreen, type CodeReason } from './accessReport';
import { useStaffEffectiveAccessQuery, type EffectiveAccess } from './api';
import { STAFF_PATHS } from './paths';
import { STAFF_STATUS_MAPPING } from './StaffPage';

export function StaffAccessPage() {
  const { userId: param } = useParams();
  const userId = Number(param);
  const valid = Number.isInteger(userId) && userId > 0;
  const access = useStaffEffectiveAccessQuery({ userId }, { skip: !valid, refetchOnMountOrArgChange: true });
  if (!valid) return <PageError error={undefined} />;
  if (access.isLoading) return <PageLoading />;
  if (!access.data) return <PageError error={access.error} onRetry={access.refetch} />;
  return <AccessReport access={access.data} />;
}

function reasonText(reason: CodeReason, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (reason.kind === 'roles') return t('shopStaff.access.reason.roles', { roles: reason.roles.join(', ') });
  return t(`shopStaff.access.reason.${reason.kind}`);
}

function AccessReport({ access }: { access: EffectiveAccess }) {
  const { t, i18n } = useTranslation();
  const context = textContext(t, i18n.language);
  const manifest = useRouteManifest();
  const storeType = useAppSelector((state) => state.auth.user?.storeType);
  const screens = useMemo(() => codedScreens(manifest, storeType), [manifest, storeType]);
  const summary = accessSummary(access, screens);
  const { account } = access;
  const name = account.nickname ? `${account.nickname} (${account.userName})` : account.userName;

  return (
    <ScreenSection title={t('shopStaff.access.heading', { name })} intro={t('shopStaff.access.intro')} testId="staff-access">
      <Button component={RouterLink} to={STAFF_PATHS.staff} sx={{ mb: 2 }}>
        {t('shopStaff.access.back')}
      </Button>
      <Paper variant="outlined" component="section" aria-labelledby="staff-access-summary" sx={{ p: 2, mb: 3 }} data-testid="access-summary">
        <Typography id="staff-access-summary" component="h2" variant="h6" sx={{ mb: 1 }}>
          {t('shopStaff.access.summaryHeading')}
        </Typography>
        <Typography sx={{ fontWeight: 500 }} data-testid="access-summary-screens">
          {t('shopStaff.access.summary', { open: summary.open.length, closed: summary.closed.length })}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1, flexWrap: 'wrap' }}>
          <Typography>{t('shopStaff.access.heldCount', { held: summary.held.size, total: access.codes.length })}</Typography>
          <StatusChip status={STAFF_STATUS_MAPPING} value={account.status} context={context} />
        </Stack>
        <Typography component="h3" variant="subtitle2" sx={{ mt: 1.5 }}>
          {t('shopStaff.access.openScreens')}
        </Typography>
        {summary.open.length === 0 ? (
          <Typography color="text.secondary">{t('shopStaff.access.noOpenScreens')}</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 3, columns: { md: 3, sm: 2 } }} data-testid="access-open-screens">
            {summary.open.map((screen) => (
              <li key={screen.path}>
                <Link component={RouterLink} to={screen.path}>
                  {t(screen.titleKey)}
                </Link>
              </li>
            ))}
          </Box>
        )}
        {account.owner && <Alert severity="info" sx={{ mt: 1 }}>{t('shopStaff.access.reason.owner')}</Alert>}
        {account.status === STAFF_STATUS.disabled && <Alert severity="warning" sx={{ mt: 1 }}>{t('shopStaff.access.reason.disabled')}</Alert>}
      </Paper>
      {PERMISSION_AREAS.map((area) => (
        <AreaSection key={area.key} areaKey={area.key} title={area.name[context.locale]} codes={area.codes} access={access} summary={summary} screens={screens} />
      ))}
    </ScreenSection>
  );
}

function AreaSection({ areaKey, title, codes, access, summary, screens }: { areaKey: string; title: string; codes: readonly PermissionCode[]; access: EffectiveAccess; summary: AccessSummary; screens: readonly CodedScreen[] }) {
  const { t } = useTranslation();
  const headingId = `staff-access-area-${areaKey}`;
  const entries = codes.map((code) => access.codes.find((entry) => entry.code === code) ?? { code, held: false, grantedBy: [] });
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 3 }} data-testid={`access-area-${areaKey}`}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ borderBottom: 1, borderColor: 'divider', pb: 0.5, mb: 1 }}>
        {title}{' '}
        <Typography component="span" color="text.secondary">
          {t('shopStaff.access.areaCount', { held: entries.filter((entry) => summary.held.has(entry.code)).length, total: entries.length })}
        </Typography>
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        {entries.map((entry) => (
          <CodeItem key={entry.code} entry={entry} access={access} held={summary.held.has(entry.code)} screens={screens.filter((screen) => screen.needs.includes(entry.code))} summary={summary} />
        ))}
      </Box>
    </Box>
  );
}

function CodeItem({ entry, access, held, screens, summary }: { entry: EffectiveAccess['codes'][number]; access: EffectiveAccess; held: boolean; screens: readonly CodedScreen[]; summary: AccessSummary }) {
  const { t, i18n } = useTranslation();
  const locale = textContext(t, i18n.language).locale;
  const label = PERMISSION_LABELS[entry.code];
  const calls = callsCheckingCode(entry.code);
  const Icon = held ? CheckCircleOutlined : BlockOutlined;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.25 }} data-testid={`access-code-${entry.code}`}>
      <Stack direction={{ xs: 'column', xl: 'row' }} spacing={0.5} sx={{ justifyContent: 'space-between', alignItems: { xl: 'baseline' } }}>
        <Typography component="h3" variant="subtitle1">
          {label.name[locale]}{' '}
          <Typography component="span" variant="caption" color="text.secondary">
            {entry.code}
          </Typography>
        </Typography>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: held ? 'success.main' : 'text.secondary' }} data-testid="access-code-status">
          <Icon fontSize="small" aria-hidden />
          <Typography component="span" sx={{ fontWeight: 500 }}>
            {t(held ? 'shopStaff.access.held' : 'shopStaff.access.notHeld')}
          </Typography>{' '}
          <Typography component="span" color="text.secondary">
            · {reasonText(codeReason(access, entry), t)}
          </Typography>
        </Stack>
      </Stack>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {t('shopStaff.access.lets', { description: label.description[locale] })}
      </Typography>
      {screens.length > 0 ? (
        <Box sx={{ mt: 0.5 }}>
          <Typography variant="body2" color="text.secondary">
            {t(held ? 'shopStaff.access.screens' : 'shopStaff.access.screensLocked')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {screens.map((screen) => (
              <li key={screen.path}>
                <Link component={RouterLink} to={screen.path}>
                  {t(screen.titleKey)}
                </Link>{' '}
                <Typography component="span" variant="caption" color="text.secondary">
                  {screen.path}
                  {held && !summary.open.includes(screen) ? ` · ${t('shopStaff.access.notHeld')}: ${screen.needs.filter((code) => !summary.held.has(code)).join(', ')}` : ''}
                </Typography>
              </li>
            ))}
          </Box>
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('shopStaff.access.noScreens')}
        </Typography>
      )}
      {calls.length > 0 && (
        <Box component="details" sx={{ mt: 0.5 }}>
          <Typography component="summary" variant="body2" color="text.secondary" sx={{ cursor: 'pointer' }}>
            {t('shopStaff.access.calls', { count: calls.length })}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3, fontFamily: 'monospace', fontSize: 12 }}>
            {calls.map((call) => (
              <li key={call}>{call}</li>
            ))}
          </Box>
        </Box>
      )}
    </Paper>
  );
}
