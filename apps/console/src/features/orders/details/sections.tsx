// The building blocks of the order screens: a titled section, a description list, the goods lines, the
// shipments and the history timeline. Labels of history events and shipment statuses come from the
// order contract (the shipment statuses through orderStatus.tsx, as the order's own status).
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ORDER_HISTORY_EVENT_LABELS, type OrderDetail, type OrderItem, type Shipment } from '@merchant/api-contracts';
import { formatCents, formatSecondsTimestamp } from '@merchant/ui-kit';
import { RecordTable, labelText, textContext, type ResourceColumn, type ResourceTextContext } from '../../../resource-kit';
import { SHIPMENT_STATUS, orderStatusText } from '../orderStatus';

export function useTextContext(): ResourceTextContext {
  const { t, i18n } = useTranslation();
  return useMemo(() => textContext(t, i18n.language), [t, i18n.language]);
}

/** A titled part of a screen, named for screen readers by its heading. */
export function Section({ id, title, children, testId }: { id: string; title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: 2 }} data-testid={testId}>
      <Typography id={id} variant="subtitle1" component="h2" sx={{ mb: 1.5, fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** A framed part of a screen whose content brings its own heading (a RecordTable). */
export function Panel({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      {children}
    </Paper>
  );
}

export interface DescriptionEntry {
  key: string;
  label: string;
  value: ReactNode;
  wide?: boolean;
}

/** Label–value pairs as a `dl`, in a grid; an empty value reads '—'. */
export function DescriptionList({ entries, testIdPrefix = 'order' }: { entries: readonly DescriptionEntry[]; testIdPrefix?: string }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' }, gap: 2, m: 0 }}>
      {entries.map((entry) => (
        <Box key={entry.key} sx={{ gridColumn: entry.wide ? '1 / -1' : undefined, minWidth: 0 }} data-testid={`${testIdPrefix}-${entry.key}`}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {entry.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
            {entry.value === '' || entry.value === null || entry.value === undefined ? '—' : entry.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export const lineAmountCents = (item: Pick<OrderItem, 'unitPriceCents' | 'quantity'>) => item.unitPriceCents * item.quantity;

export const ITEM_COLUMNS: ResourceColumn<OrderItem>[] = [
  {
    key: 'title',
    titleKey: 'orders.field.goods',
    render: (item) => (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {item.imageUrl && <Box component="img" src={item.imageUrl} alt="" sx={{ width: 40, height: 40, objectFit: 'cover', borderRadius: 0.5, flexShrink: 0 }} />}
        <span>{item.title}</span>
      </Stack>
    ),
  },
  { key: 'specText', titleKey: 'orders.field.spec' },
  { key: 'unitPriceCents', titleKey: 'orders.field.unitPrice', align: 'right', format: (item) => formatCents(item.unitPriceCents) },
  { key: 'quantity', titleKey: 'orders.field.quantity', align: 'right' },
  { key: 'subtotal', derived: true, titleKey: 'orders.field.subtotal', align: 'right', format: (item) => formatCents(lineAmountCents(item)) },
];

export function ItemsTable({ items, titleKey }: { items: readonly OrderItem[]; titleKey: string }) {
  return <RecordTable titleKey={titleKey} rows={items} rowKey={(item) => item.skuId} columns={ITEM_COLUMNS} />;
}

const SHIPMENT_COLUMNS: ResourceColumn<Shipment>[] = [
  { key: 'carrier', titleKey: 'orders.field.carrier' },
  { key: 'trackingNo', titleKey: 'orders.field.trackingNo' },
  { key: 'status', titleKey: 'orders.field.shipmentStatus', status: SHIPMENT_STATUS },
  { key: 'createTime', titleKey: 'orders.field.shippedAt', format: (s) => formatSecondsTimestamp(s.createTime) },
  { key: 'pickedUpAt', titleKey: 'orders.field.pickedUpAt', format: (s) => formatSecondsTimestamp(s.pickedUpAt) },
  { key: 'deliveredAt', titleKey: 'orders.field.deliveredAt', format: (s) => formatSecondsTimestamp(s.deliveredAt) },
];

export function ShipmentsTable({ shipments }: { shipments: readonly Shipment[] }) {
  return <RecordTable titleKey="orders.section.shipments" rows={shipments} rowKey={(s) => s.shipmentId} columns={SHIPMENT_COLUMNS} />;
}

/** The order's history, oldest first, as an ordered list (a timeline a screen reader reads in order). */
export function HistoryTimeline({ order, titleKey }: { order: Pick<OrderDetail, 'history'>; titleKey: string }) {
  const context = useTextContext();
  const { t } = context;
  const id = `order-history-${titleKey.replace(/\W/g, '-')}`;
  return (
    <Section id={id} title={t(titleKey)} testId="order-history">
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {order.history.map((entry, index) => (
          <Box
            component="li"
            key={`${entry.event}-${entry.at}-${index}`}
            sx={{ position: 'relative', pl: 3, pb: index === order.history.length - 1 ? 0 : 2, borderLeft: 2, borderColor: 'divider', ml: 1 }}
          >
            <Box aria-hidden sx={{ position: 'absolute', left: -7, top: 4, width: 12, height: 12, borderRadius: '50%', bgcolor: index === order.history.length - 1 ? 'primary.main' : 'grey.400' }} />
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {labelText(ORDER_HISTORY_EVENT_LABELS[entry.event] ?? { 'zh-CN': entry.event, 'en-US': entry.event }, context)}
              {entry.days !== null ? ` (+${entry.days})` : ''}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
              {formatSecondsTimestamp(entry.at)} · {t(`orders.actor.${entry.actor}`)}
              {entry.fromStatus !== null && entry.fromStatus !== entry.toStatus ? ` · ${orderStatusText(entry.fromStatus, context)} → ${orderStatusText(entry.toStatus, context)}` : ''}
            </Typography>
          </Box>
        ))}
      </Box>
    </Section>
  );
}
