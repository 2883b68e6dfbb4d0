// The platform activity screens (issue 28 §1): the store's applications with the platform's campaigns under them,
// the apply form of one campaign, and an application's details.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ACTIVITY_APPLICATION_STATE_LABELS, ACTIVITY_PHASE, ACTIVITY_PHASE_LABELS, PERMISSIONS } from '@merchant/api-contracts';
import { useCategoryTreeQuery } from '../../../app/storeInit';
import { useHasPermission } from '../../auth/permissions';
import { RecordTable, ResourceDetailPage, ResourceFormScreen, ResourceListPage, labelText, statusFromLabels, type ResourceColumn, type ResourceTextContext } from '../../../resource-kit';
import { activityApplications } from './activityList';
import { activitiesApi, type ActivityCampaignRow } from './api';
import { applyForm } from './applyForm';
import { campaignTitle, rulesText, windowText } from './activityText';
import { ACTIVITY_PATHS, applyAddress } from './paths';

const PHASE_STATUS = statusFromLabels(ACTIVITY_PHASE_LABELS.labels, { [ACTIVITY_PHASE.open]: 'info', [ACTIVITY_PHASE.running]: 'success', [ACTIVITY_PHASE.ended]: 'default' });

/** Level-2 category names by id, from store init's category tree ("#id" until it loads). */
function useCategoryName(): (id: number) => string {
  const tree = useCategoryTreeQuery();
  return useMemo(() => {
    const names = new Map((tree.data ?? []).flatMap((top) => (top.children ?? []).map((leaf) => [leaf.id, leaf.categoryName] as const)));
    return (id: number) => names.get(id) ?? `#${id}`;
  }, [tree.data]);
}

function ApplyCell({ campaign, context }: { campaign: ActivityCampaignRow; context: ResourceTextContext }) {
  const { t } = useTranslation();
  const canApply = useHasPermission(PERMISSIONS.marketingEdit);
  if (campaign.myApplication) return <>{t('activities.campaigns.applied', { state: labelText(ACTIVITY_APPLICATION_STATE_LABELS.labels[campaign.myApplication.state], context) })}</>;
  if (!campaign.signUpOpen || campaign.placesLeft <= 0 || !canApply) return <>—</>;
  return (
    <Button component={RouterLink} to={applyAddress(campaign.campaignId)} size="small" variant="outlined" aria-label={`${t('activities.action.apply')} ${campaignTitle(campaign, context.locale)}`}>
      {t('activities.action.apply')}
    </Button>
  );
}

/** The platform's campaigns: phase, windows, rules, places left, and apply while sign-up is open. */
function CampaignsSection() {
  const { t } = useTranslation();
  const categoryName = useCategoryName();
  const campaigns = activitiesApi.endpoints.activityCampaigns.useQuery({ pageNum: 1, pageSize: 50 });
  const columns: ResourceColumn<ActivityCampaignRow>[] = [
    { key: 'titleZh', titleKey: 'activities.field.campaign', format: (row, { locale }) => campaignTitle(row, locale) },
    { key: 'phase', titleKey: 'activities.field.phase', status: PHASE_STATUS },
    { key: 'signUpFrom', titleKey: 'activities.field.signUp', format: (row) => windowText(row.signUpFrom, row.signUpUntil) },
    { key: 'runFrom', titleKey: 'activities.field.run', format: (row) => windowText(row.runFrom, row.runUntil) },
    { key: 'minDiscountBp', titleKey: 'activities.field.rules', format: (row, context) => rulesText(row, context.t, categoryName) },
    { key: 'placesLeft', titleKey: 'activities.field.places', align: 'right', format: (row, context) => context.t('activities.places', { left: row.placesLeft, quota: row.quota }) },
    { key: 'campaignId', titleKey: 'activities.action.apply', render: (row, context) => <ApplyCell campaign={row} context={context} /> },
  ];
  if (campaigns.isError) return <Alert severity="error">{t('resourceKit.loadFailed', { msg: '' })}</Alert>;
  return <RecordTable titleKey="activities.campaigns.heading" rows={campaigns.data?.list ?? []} columns={columns} rowKey={(row) => row.campaignId} />;
}

export function ActivityListPage() {
  return (
    <Stack spacing={3}>
      <ResourceListPage resource={activityApplications} />
      <CampaignsSection />
    </Stack>
  );
}

export function ActivityApplyPage() {
  const { t, i18n } = useTranslation();
  const categoryName = useCategoryName();
  const [search] = useSearchParams();
  const campaignId = Number(search.get('campaignId'));
  const valid = Number.isInteger(campaignId) && campaignId > 0;
  const campaign = activitiesApi.endpoints.activityCampaign.useQuery({ campaignId }, { skip: !valid });
  const definition = useMemo(() => (campaign.data ? applyForm(campaign.data) : null), [campaign.data]);
  if (!valid) return <Alert severity="warning">{t('activities.apply.missingCampaign')}</Alert>;
  if (campaign.isError) return <Alert severity="error">{t('resourceKit.loadFailed', { msg: '' })}</Alert>;
  if (!campaign.data || !definition) return <Typography role="status">{t('resourceKit.loading')}</Typography>;
  const row = campaign.data;
  const intro = (
    <>
      {row.description && <Typography variant="body2" component="span" sx={{ display: 'block' }}>{row.description}</Typography>}
      <Typography variant="body2" component="span" sx={{ display: 'block' }}>{`${t('activities.field.signUp')}: ${windowText(row.signUpFrom, row.signUpUntil)} · ${t('activities.field.run')}: ${windowText(row.runFrom, row.runUntil)}`}</Typography>
      <Typography variant="body2" component="span" sx={{ display: 'block' }}>{`${t('activities.field.rules')}: ${rulesText(row, t, categoryName)} · ${t('activities.field.places')}: ${t('activities.places', { left: row.placesLeft, quota: row.quota })}`}</Typography>
    </>
  );
  return (
    <ResourceFormScreen
      definition={definition}
      title={t('activities.apply.heading', { title: campaignTitle(row, i18n.language) })}
      intro={intro}
      notices={row.signUpOpen ? undefined : <Alert severity="warning">{t('activities.apply.closed')}</Alert>}
      submitDisabled={!row.signUpOpen}
      backTo={ACTIVITY_PATHS.list}
      submitKey="activities.apply.submit"
      testId="activity-apply"
      maxWidth={900}
    />
  );
}

export const ActivityDetailsPage = () => <ResourceDetailPage resource={activityApplications} titleKey="activities.details.heading" />;
