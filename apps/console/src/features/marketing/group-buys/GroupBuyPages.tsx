// The group-buy screens (issue 28 §2): the activity list and its add / edit form (groupBuyList.tsx's definition),
// an activity's teams with the time each forming team has left (the ui-kit countdown, counted from the server's
// time) and the orders placed through it (each a link to its order details).
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { GROUP_BUY_TEAM_STATE, GROUP_BUY_TEAM_STATE_LABELS, ORDER_STATUS_LABELS } from '@merchant/api-contracts';
import { Countdown, formatCents, formatSecondsTimestamp } from '@merchant/ui-kit';
import { ResourceFormPage, ResourceListPage, defineResource, listArg, statusFromLabels, type ResourceColumn } from '../../../resource-kit';
import { ORDER_PATHS, orderAddress } from '../../orders/paths';
import { groupBuysApi, type GroupBuyOrderRow, type GroupBuyOrdersQuery, type GroupBuyTeamRow, type GroupBuyTeamsQuery } from './api';
import { groupBuys } from './groupBuyList';
import { GROUP_BUY_PATHS, groupBuyAddress } from './paths';

export const GROUP_BUY_TEAM_STATUS = statusFromLabels(GROUP_BUY_TEAM_STATE_LABELS.labels, {
  [GROUP_BUY_TEAM_STATE.forming]: 'info',
  [GROUP_BUY_TEAM_STATE.formed]: 'success',
  [GROUP_BUY_TEAM_STATE.failed]: 'default',
});
const ORDER_STATUS = statusFromLabels(ORDER_STATUS_LABELS.labels, { 1: 'warning', 2: 'info', 3: 'info', 4: 'success', 5: 'default', 6: 'default' });

const time = (seconds: number | null) => (seconds === null ? '' : formatSecondsTimestamp(seconds));

export const GroupBuyListPage = () => <ResourceListPage resource={groupBuys} />;
export const GroupBuyFormPage = () => <ResourceFormPage resource={groupBuys} createTitleKey="groupBuys.menu.add" editTitleKey="groupBuys.action.edit" />;

const orderLink = (orderId: number, text: string) => (
  <Link component={RouterLink} to={orderAddress(ORDER_PATHS.details, orderId)}>
    {text}
  </Link>
);

const TEAM_COLUMNS: ResourceColumn<GroupBuyTeamRow>[] = [
  { key: 'teamId', titleKey: 'groupBuys.order.teamId', width: 90 },
  { key: 'leaderName', titleKey: 'groupBuys.team.leader', width: 140 },
  { key: 'members', titleKey: 'groupBuys.team.members', width: 90, align: 'right', format: (row) => `${row.members} / ${row.teamSize}` },
  { key: 'state', titleKey: 'groupBuys.team.state', width: 100, status: GROUP_BUY_TEAM_STATUS },
  {
    key: 'expiresAt',
    titleKey: 'groupBuys.team.timeLeft',
    width: 130,
    format: (row) => (row.state === GROUP_BUY_TEAM_STATE.forming ? time(row.expiresAt) : '—'),
    // Counts down from the server's time (the answer's serverTime), not the browser's.
    render: (row) => (row.state === GROUP_BUY_TEAM_STATE.forming ? <Countdown endTime={row.expiresAt} now={() => Date.now() + row.clockOffsetMs} /> : '—'),
  },
  { key: 'startTime', titleKey: 'groupBuys.team.startTime', width: 170, format: (row) => time(row.startTime) },
  { key: 'endedAt', titleKey: 'groupBuys.team.ended', width: 170, hidden: true, format: (row) => time(row.endedAt) },
  {
    key: 'memberList',
    titleKey: 'groupBuys.team.memberList',
    flex: 1,
    format: (row, { t }) => row.memberList.map((m) => `${m.buyerName}${m.leader ? ` (${t('groupBuys.team.leaderMark')})` : ''} ${m.orderNo}`).join('; '),
    render: (row, { t }) => (
      <>
        {row.memberList.map((m, index) => (
          <span key={m.orderId}>
            {index > 0 && '; '}
            {`${m.buyerName}${m.leader ? ` (${t('groupBuys.team.leaderMark')})` : ''} `}
            {orderLink(m.orderId, m.orderNo || String(m.orderId))}
          </span>
        ))}
      </>
    ),
  },
];

function teamsResource(groupBuyId: number) {
  const toArg = listArg<Omit<GroupBuyTeamsQuery, 'groupBuyId'>>();
  return defineResource<GroupBuyTeamRow, GroupBuyTeamsQuery>({
    key: 'marketing.groupBuyTeams',
    titleKey: 'groupBuys.team.heading',
    rowId: (row) => row.teamId,
    listPath: groupBuyAddress(GROUP_BUY_PATHS.team, groupBuyId),
    list: {
      endpoint: groupBuysApi.endpoints.groupBuyTeams as never,
      toArg: (query) => ({ ...toArg(query), groupBuyId }),
      tabs: { field: 'state', options: GROUP_BUY_TEAM_STATUS.options },
      columns: TEAM_COLUMNS,
      emptyKey: 'groupBuys.team.empty',
    },
  });
}

const ORDER_COLUMNS: ResourceColumn<GroupBuyOrderRow>[] = [
  { key: 'orderNo', titleKey: 'groupBuys.order.orderNo', width: 200, render: (row) => orderLink(row.orderId, row.orderNo || String(row.orderId)) },
  { key: 'buyerName', titleKey: 'groupBuys.order.buyer', width: 140 },
  { key: 'amountCents', titleKey: 'groupBuys.order.amount', width: 110, align: 'right', format: (row) => `¥${formatCents(row.amountCents)}` },
  { key: 'orderStatus', titleKey: 'groupBuys.order.orderStatus', width: 120, status: ORDER_STATUS },
  { key: 'teamState', titleKey: 'groupBuys.order.teamState', width: 100, status: GROUP_BUY_TEAM_STATUS },
  { key: 'teamId', titleKey: 'groupBuys.order.teamId', width: 90 },
  { key: 'leader', titleKey: 'groupBuys.order.role', width: 80, format: (row, { t }) => t(row.leader ? 'groupBuys.order.leader' : 'groupBuys.order.member') },
  { key: 'joinTime', titleKey: 'groupBuys.order.joinTime', width: 170, format: (row) => time(row.joinTime) },
];

function ordersResource(groupBuyId: number) {
  const toArg = listArg<Omit<GroupBuyOrdersQuery, 'groupBuyId'>>();
  return defineResource<GroupBuyOrderRow, GroupBuyOrdersQuery>({
    key: 'marketing.groupBuyOrders',
    titleKey: 'groupBuys.order.heading',
    rowId: (row) => row.orderId,
    listPath: groupBuyAddress(GROUP_BUY_PATHS.order, groupBuyId),
    list: {
      endpoint: groupBuysApi.endpoints.groupBuyOrders,
      toArg: (query) => ({ ...toArg(query), groupBuyId }),
      tabs: { field: 'teamState', options: GROUP_BUY_TEAM_STATUS.options },
      columns: ORDER_COLUMNS,
      emptyKey: 'groupBuys.order.empty',
    },
  });
}

/** The activity named by `?id=`, or null when the address has none. */
function useGroupBuyId(): number | null {
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function GroupBuyTeamPage() {
  const { t } = useTranslation();
  const id = useGroupBuyId();
  const resource = useMemo(() => (id === null ? null : teamsResource(id)), [id]);
  if (!resource) return <Alert severity="warning">{t('groupBuys.missingId')}</Alert>;
  return <ResourceListPage resource={resource} />;
}

export function GroupBuyOrderPage() {
  const { t } = useTranslation();
  const id = useGroupBuyId();
  const resource = useMemo(() => (id === null ? null : ordersResource(id)), [id]);
  if (!resource) return <Alert severity="warning">{t('groupBuys.missingId')}</Alert>;
  return <ResourceListPage resource={resource} />;
}
