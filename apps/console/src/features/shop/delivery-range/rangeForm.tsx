// The delivery range form (issue 27 §5: +edit, a new range without ?id=) on the form kit, checked by the contract's
// biz (deliveryRangeEndpoints.addDeliveryRange): a name, the towns picked from a province → city → district → town
// tree (the common city list and sowntown list), the markup (the kit's money kind: yuan typed, cents held), the days
// it is valid and the daily delivery hours. While the merchant picks, checkSowntownSetFreightTemplate says which
// towns no freight template covers; the save refuses them on the same field (and overlapping ranges too).
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { DELIVERY_RANGE_LIMITS, type EndpointBiz, type deliveryRangeEndpoints } from '@merchant/api-contracts';
import { useCityListQuery, type City } from '../../../app/storeInit';
import { useFieldControl, type ResourceFormField, type ResourceFormInputProps, type ResourceStatusOption } from '../../../resource-kit';
import { useSowntownListQuery, useTownCoverageQuery, type DeliveryRangeRow, type Sowntown } from './api';

type AddBiz = EndpointBiz<typeof deliveryRangeEndpoints.addDeliveryRange>;
export interface DeliveryRangeFormValues extends Record<string, unknown> {
  name: string;
  sowntownIds: number[];
  markupCents: number;
  startTime?: number;
  endTime?: number;
  dailyStartMinute: number;
  dailyEndMinute: number;
}

/** 510 → "08:30"; 1440 → "24:00". */
export const minuteText = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** Daily hours are picked in half hours. */
const HALF_HOUR = 30;
const hourOptions = (from: number, to: number): ResourceStatusOption[] =>
  Array.from({ length: (to - from) / HALF_HOUR + 1 }, (_, index) => from + index * HALF_HOUR).map((minute) => {
    const text = minuteText(minute);
    return { value: minute, label: { 'zh-CN': text, 'en-US': text } };
  });

interface TreeNode {
  city: City;
  children: TreeNode[];
  towns: Sowntown[];
}

/** Provinces → cities → districts of the city list, each district with its towns. */
function buildTree(cities: readonly City[], towns: readonly Sowntown[]): TreeNode[] {
  const node = (city: City): TreeNode => ({
    city,
    children: cities.filter((child) => child.parentCode === city.cityCode && child.level > city.level).map(node),
    towns: city.level === 3 ? towns.filter((town) => town.cityCode === city.cityCode) : [],
  });
  return cities.filter((city) => city.level === 1).map(node);
}

const townsUnder = (node: TreeNode): Sowntown[] => [...node.towns, ...node.children.flatMap(townsUnder)];

function TreeBranch({ node, depth, chosen, uncovered, onToggle }: { node: TreeNode; depth: number; chosen: ReadonlySet<number>; uncovered: ReadonlySet<number>; onToggle: (ids: number[], on: boolean) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const all = townsUnder(node);
  const picked = all.filter((town) => chosen.has(town.id)).length;
  const isDistrict = node.city.level === 3;
  return (
    <Box component="li" role="treeitem" aria-expanded={open} aria-label={node.city.cityName} sx={{ listStyle: 'none' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', pl: depth * 2 }}>
        <IconButton size="small" onClick={() => setOpen(!open)} aria-label={node.city.cityName}>
          {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
        </IconButton>
        <FormControlLabel
          label={<Typography variant="body2" sx={{ fontWeight: isDistrict ? 400 : 500 }}>{node.city.cityName}</Typography>}
          control={
            <Checkbox
              size="small"
              disabled={all.length === 0}
              checked={all.length > 0 && picked === all.length}
              indeterminate={picked > 0 && picked < all.length}
              onChange={(event) => onToggle(all.map((town) => town.id), event.target.checked)}
              slotProps={{ input: { 'aria-label': t('shopDeliveryRange.field.towns') + ': ' + node.city.cityName } }}
            />
          }
        />
      </Box>
      {open && (
        <Box component="ul" role="group" sx={{ m: 0, p: 0 }}>
          {node.children.map((child) => (
            <TreeBranch key={child.city.cityCode} node={child} depth={depth + 1} chosen={chosen} uncovered={uncovered} onToggle={onToggle} />
          ))}
          {isDistrict && node.towns.length === 0 && (
            <Typography component="li" variant="caption" color="text.secondary" sx={{ listStyle: 'none', pl: (depth + 1) * 2 + 5 }}>
              {t('shopDeliveryRange.tree.noTowns')}
            </Typography>
          )}
          {node.towns.map((town) => (
            <Box component="li" role="treeitem" key={town.id} sx={{ listStyle: 'none', pl: (depth + 1) * 2 + 4, display: 'flex', alignItems: 'center', gap: 1 }}>
              <FormControlLabel
                label={<Typography variant="body2">{town.sowntownName}</Typography>}
                control={<Checkbox size="small" checked={chosen.has(town.id)} onChange={(event) => onToggle([town.id], event.target.checked)} slotProps={{ input: { 'data-testid': `range-town-${town.id}` } as never }} />}
              />
              {uncovered.has(town.id) && <Chip size="small" color="warning" variant="outlined" label={t('shopDeliveryRange.tree.noTemplate')} />}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** The towns, picked from the province → city → district → town tree; held as their ids. */
function TownTreeInput(props: ResourceFormInputProps) {
  const { t } = useTranslation();
  const control = useFieldControl(props.field);
  const cities = useCityListQuery().data ?? [];
  const towns = useSowntownListQuery();
  const chosenIds = useMemo(() => (control.value as number[] | undefined) ?? [], [control.value]);
  const chosen = useMemo(() => new Set(chosenIds), [chosenIds]);
  const tree = useMemo(() => buildTree(cities, towns.data ?? []), [cities, towns.data]);
  const coverage = useTownCoverageQuery({ sowntownIds: [...chosenIds].sort((a, b) => a - b) }, { skip: chosenIds.length === 0 });
  const uncoveredTowns = (chosenIds.length > 0 ? (coverage.currentData?.list ?? []) : []).filter((town) => !town.covered && chosen.has(town.sowntownId));
  const uncovered = new Set(uncoveredTowns.map((town) => town.sowntownId));
  const toggle = (ids: number[], on: boolean) => {
    const next = on ? [...chosenIds, ...ids.filter((id) => !chosen.has(id))] : chosenIds.filter((id) => !ids.includes(id));
    control.onChange(next);
  };
  return (
    <Box data-testid="range-towns" id={control.id} tabIndex={-1} ref={control.ref} sx={{ minWidth: 320 }}>
      <FormLabel required={props.required} error={Boolean(control.error)}>
        {control.label}
      </FormLabel>
      <Typography variant="caption" color="text.secondary" component="div">
        {t('shopDeliveryRange.tree.label')} · {t('shopDeliveryRange.tree.chosen', { count: chosenIds.length })}
      </Typography>
      {towns.isLoading ? (
        <Typography variant="body2">{t('shopDeliveryRange.tree.loading')}</Typography>
      ) : (
        <Box component="ul" role="tree" aria-label={control.label} aria-multiselectable sx={{ m: 0, p: 0, maxHeight: 420, overflow: 'auto', border: 1, borderColor: control.error ? 'error.main' : 'divider', borderRadius: 1 }}>
          {tree.map((node) => (
            <TreeBranch key={node.city.cityCode} node={node} depth={0} chosen={chosen} uncovered={uncovered} onToggle={toggle} />
          ))}
        </Box>
      )}
      {uncoveredTowns.length > 0 && (
        <Alert severity="warning" data-testid="range-uncovered" sx={{ mt: 1 }}>
          {t('shopDeliveryRange.tree.uncovered', { towns: uncoveredTowns.map((town) => town.sowntownName).join(t('shopDeliveryRange.listSeparator')) })}
        </Alert>
      )}
      {control.error && (
        <FormHelperText error role="alert" data-testid="range-towns-error">
          {control.error}
        </FormHelperText>
      )}
    </Box>
  );
}

export const DELIVERY_RANGE_FORM_FIELDS: readonly ResourceFormField[] = [
  { name: 'name', labelKey: 'shopDeliveryRange.field.name', kind: 'text', testId: 'range-name' },
  { name: 'sowntownIds', labelKey: 'shopDeliveryRange.field.towns', kind: 'select', input: TownTreeInput, picked: true, required: true },
  { name: 'markupCents', labelKey: 'shopDeliveryRange.field.markupCents', kind: 'money', maxCents: DELIVERY_RANGE_LIMITS.markupCentsMax, testId: 'range-markup' },
  { name: 'startTime', endName: 'endTime', labelKey: 'shopDeliveryRange.field.startTime', kind: 'dateRange', required: true },
  { name: 'dailyStartMinute', labelKey: 'shopDeliveryRange.field.dailyStartMinute', kind: 'select', options: hourOptions(0, DELIVERY_RANGE_LIMITS.dayMinutes - HALF_HOUR), testId: 'range-daily-start' },
  { name: 'dailyEndMinute', labelKey: 'shopDeliveryRange.field.dailyEndMinute', kind: 'select', options: hourOptions(HALF_HOUR, DELIVERY_RANGE_LIMITS.dayMinutes), testId: 'range-daily-end' },
];

/** A new range: from today for 90 days, 09:00–18:00, no markup. */
export function deliveryRangeDefaults(): DeliveryRangeFormValues {
  return {
    name: '',
    sowntownIds: [],
    markupCents: 0,
    startTime: dayjs().startOf('day').unix(),
    endTime: dayjs().add(89, 'day').endOf('day').unix(),
    dailyStartMinute: 9 * 60,
    dailyEndMinute: 18 * 60,
  };
}

export function deliveryRangeValues(range: DeliveryRangeRow): DeliveryRangeFormValues {
  const { name, markupCents, startTime, endTime, dailyStartMinute, dailyEndMinute } = range;
  return { name, sowntownIds: range.towns.map((town) => town.sowntownId), markupCents, startTime, endTime, dailyStartMinute, dailyEndMinute };
}

export type { AddBiz as DeliveryRangeAddBiz };
