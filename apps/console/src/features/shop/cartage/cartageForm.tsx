// The cartage template form (issue 27 §2: +add, and edit with ?id=) on the form kit, checked by the contract's biz
// (cartageEndpoints.addCartageTemplate: a band ending at or before its start, or overlapping another, is refused on
// its field). Money is the kit's `money` kind (yuan typed, cents held); floors and metres are integers. Beside the
// fields: the platform's porterage list as reference prices, and the sample job priced as the merchant types.
import { useTranslation } from 'react-i18next';
import { useWatch, type Control } from 'react-hook-form';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CARTAGE_LIMITS, type CartageRules, type EndpointBiz, type cartageEndpoints } from '@merchant/api-contracts';
import { formatCents } from '@merchant/ui-kit';
import type { ResourceFormField } from '../../../resource-kit';
import { usePorterageListQuery, type CartageTemplateRow } from './api';
import { samplePriceText } from './preview';

type AddBiz = EndpointBiz<typeof cartageEndpoints.addCartageTemplate>;
export type CartageFormValues = Required<AddBiz>;

const money = (name: string, labelKey: string, testId: string): ResourceFormField => ({ name, labelKey, kind: 'money', maxCents: CARTAGE_LIMITS.centsMax, testId });

export const CARTAGE_FORM_FIELDS: readonly ResourceFormField[] = [
  { name: 'name', labelKey: 'shopCartage.field.name', kind: 'text', testId: 'cartage-name' },
  { name: 'freeFloors', labelKey: 'shopCartage.field.freeFloors', kind: 'integer', helperKey: 'shopCartage.field.freeFloorsHelp', testId: 'cartage-free-floors' },
  money('perFloorWithLiftCents', 'shopCartage.field.perFloorWithLiftCents', 'cartage-lift'),
  money('perFloorWithoutLiftCents', 'shopCartage.field.perFloorWithoutLiftCents', 'cartage-stairs'),
  {
    name: 'distanceBands',
    labelKey: 'shopCartage.field.distanceBands',
    kind: 'lines',
    lines: {
      columns: [
        { name: 'fromMeters', labelKey: 'shopCartage.field.fromMeters', kind: 'integer', testId: 'cartage-band-from' },
        { name: 'toMeters', labelKey: 'shopCartage.field.toMeters', kind: 'integer', testId: 'cartage-band-to' },
        money('cents', 'shopCartage.field.cents', 'cartage-band-cents'),
      ],
      newLine: () => ({ fromMeters: undefined, toMeters: undefined, cents: 0 }),
      addKey: 'shopCartage.action.addBand',
      max: CARTAGE_LIMITS.bandsMax,
    },
  },
  money('minimumCents', 'shopCartage.field.minimumCents', 'cartage-minimum'),
];

export const CARTAGE_FORM_DEFAULTS: CartageFormValues = {
  name: '',
  freeFloors: 1,
  perFloorWithLiftCents: 0,
  perFloorWithoutLiftCents: 0,
  distanceBands: [],
  minimumCents: 0,
};

export function cartageValues(template: CartageTemplateRow): CartageFormValues {
  const { name, freeFloors, perFloorWithLiftCents, perFloorWithoutLiftCents, distanceBands, minimumCents } = template;
  return { name, freeFloors, perFloorWithLiftCents, perFloorWithoutLiftCents, distanceBands, minimumCents };
}

const whole = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** The values as the calculation takes them, or null while one is missing or not yet a whole number. */
function rulesOf(values: Partial<CartageFormValues>): CartageRules | null {
  const bands = values.distanceBands ?? [];
  const numbers = [values.freeFloors, values.perFloorWithLiftCents, values.perFloorWithoutLiftCents, values.minimumCents, ...bands.flatMap((b) => [b.fromMeters, b.toMeters, b.cents])];
  if (!numbers.every(whole)) return null;
  return values as CartageRules;
}

/** Under the fields: the platform's reference prices and the sample job priced by the values typed so far. */
export function CartageFormAside({ control }: { control: Control<CartageFormValues> }) {
  const { t } = useTranslation();
  const porterage = usePorterageListQuery().data?.list ?? [];
  const values = useWatch({ control }) as Partial<CartageFormValues>;
  const rules = rulesOf(values);
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mt: 2 }}>
      <Paper variant="outlined" sx={{ p: 2, flex: 1 }} data-testid="cartage-preview">
        <Typography variant="subtitle2" gutterBottom>
          {t('shopCartage.preview.heading')}
        </Typography>
        <Typography variant="body2">{rules ? t('shopCartage.preview.job', { price: samplePriceText(rules, t) }) : '—'}</Typography>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {t('shopCartage.bandsHelp')}
        </Typography>
      </Paper>
      {porterage.length > 0 && (
        <Paper variant="outlined" sx={{ p: 2, flex: 1 }} data-testid="cartage-reference">
          <Typography variant="subtitle2" gutterBottom>
            {t('shopCartage.reference.heading')}
          </Typography>
          {porterage.map((item) => (
            <Typography key={item.id} variant="body2" color="text.secondary">
              {t('shopCartage.reference.item', { name: item.porterageName, yuan: formatCents(item.price), unit: item.unitName })}
            </Typography>
          ))}
        </Paper>
      )}
    </Stack>
  );
}
