// The "what will this cost?" tester (issue 27 §1): a template, a delivery region of the common city list and a
// cart; store-server quotes it (freightQuote) with the one calculation and says which rule produced the freight.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatCents } from '@merchant/ui-kit';
import { useCityListQuery } from '../../../app/storeInit';
import { useFreightTemplateListQuery, useLazyFreightQuoteQuery, type FreightQuoteResult } from './api';
import { regionLabel } from './regions';

interface CartLineText {
  quantity: string;
  unitPrice: string;
  unitWeight: string;
  unitVolume: string;
}
const NEW_LINE: CartLineText = { quantity: '1', unitPrice: '100.00', unitWeight: '0', unitVolume: '0' };
const digits = (text: string) => text.replace(/[^\d]/g, '');
const yuanToCents = (text: string) => Math.round(Number(text || '0') * 100);

export function FreightTesterPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const templates = useFreightTemplateListQuery({ pageNum: 1, pageSize: 200 }).data?.list ?? [];
  const cities = useCityListQuery().data ?? [];
  const [chosenId, setChosenId] = useState<number | null>(params.get('id') ? Number(params.get('id')) : null);
  const templateId = chosenId ?? templates.find((row) => row.isDefault)?.templateId ?? templates[0]?.templateId ?? null;
  const [regionCode, setRegionCode] = useState<string | null>(null);
  const [lines, setLines] = useState<CartLineText[]>([NEW_LINE]);
  const [quote, answer] = useLazyFreightQuoteQuery();
  const template = templates.find((row) => row.templateId === templateId);

  const setLine = (index: number, patch: Partial<CartLineText>) => setLines((all) => all.map((line, i) => (i === index ? { ...line, ...patch } : line)));
  const run = () => {
    if (templateId === null || regionCode === null) return;
    void quote({
      templateId,
      regionCode,
      items: lines.map((line) => ({ quantity: Number(line.quantity || '0'), unitPriceCents: yuanToCents(line.unitPrice), unitWeightGrams: Number(line.unitWeight || '0'), unitVolumeCm3: Number(line.unitVolume || '0') })),
    });
  };

  const ruleText = (result: FreightQuoteResult) => {
    const n = (result.rule.index ?? 0) + 1;
    const region = result.rule.regionCode ? regionLabel(cities, result.rule.regionCode) : '';
    if (result.rule.kind === 'region') return t('shopFreight.tester.rule.region', { n, region });
    if (result.rule.kind === 'free') return region ? t('shopFreight.tester.rule.freeAt', { n, region }) : t('shopFreight.tester.rule.free', { n });
    if (result.rule.kind === 'excluded') return t('shopFreight.tester.rule.excluded', { region });
    return t('shopFreight.tester.rule.default');
  };
  const result = answer.isFetching ? undefined : answer.currentData;

  return (
    <Stack spacing={2} sx={{ maxWidth: 900 }}>
      <Typography variant="h5" component="h1">
        {t('shopFreight.tester.heading')}
      </Typography>
      <Typography color="text.secondary">{t('shopFreight.tester.intro')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField select label={t('shopFreight.tester.template')} value={templateId === null ? '' : String(templateId)} onChange={(e) => setChosenId(Number(e.target.value))} sx={{ minWidth: 260 }} slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'freight-tester-template' } as never } }}>
          {templates.map((row) => (
            <MenuItem key={row.templateId} value={String(row.templateId)}>
              {row.name}
            </MenuItem>
          ))}
        </TextField>
        <Autocomplete<string>
          options={cities.map((city) => city.cityCode)}
          value={regionCode}
          onChange={(_e, next) => setRegionCode(next)}
          getOptionLabel={(code) => regionLabel(cities, code)}
          sx={{ minWidth: 320 }}
          renderInput={(params) => <TextField {...params} label={t('shopFreight.tester.region')} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'freight-tester-region' } }} />}
        />
      </Stack>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
          {t('shopFreight.tester.lines')}
        </Typography>
        <Stack spacing={1}>
          {lines.map((line, index) => (
            <Stack key={index} direction="row" spacing={1} role="group" aria-label={`${t('shopFreight.tester.lines')} ${index + 1}`}>
              <TextField size="small" label={t('shopFreight.tester.quantity')} value={line.quantity} onChange={(e) => setLine(index, { quantity: digits(e.target.value) })} slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `freight-tester-quantity-${index}` } }} />
              <TextField size="small" label={t('shopFreight.tester.unitPrice')} value={line.unitPrice} onChange={(e) => setLine(index, { unitPrice: e.target.value.replace(/[^\d.]/g, '') })} slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': `freight-tester-price-${index}` } }} />
              <TextField size="small" label={t('shopFreight.tester.unitWeight')} value={line.unitWeight} onChange={(e) => setLine(index, { unitWeight: digits(e.target.value) })} slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `freight-tester-weight-${index}` } }} />
              <TextField size="small" label={t('shopFreight.tester.unitVolume')} value={line.unitVolume} onChange={(e) => setLine(index, { unitVolume: digits(e.target.value) })} slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `freight-tester-volume-${index}` } }} />
              <IconButton aria-label={t('shopFreight.action.removeLine', { line: index + 1 })} disabled={lines.length === 1} onClick={() => setLines((all) => all.filter((_l, i) => i !== index))}>
                <DeleteOutlineIcon />
              </IconButton>
            </Stack>
          ))}
        </Stack>
        <Button startIcon={<AddIcon />} onClick={() => setLines((all) => [...all, NEW_LINE])} sx={{ mt: 1 }}>
          {t('shopFreight.tester.addLine')}
        </Button>
      </Box>
      <Box>
        <Button variant="contained" onClick={run} disabled={templateId === null || regionCode === null} data-testid="freight-tester-run">
          {t('shopFreight.tester.run')}
        </Button>
      </Box>
      <Box role="status" aria-live="polite">
        {result && (
          <Paper variant="outlined" sx={{ p: 2 }} data-testid="freight-tester-result">
            {result.outcome === 'notSold' ? (
              <Alert severity="warning">{t('shopFreight.tester.notSold')}</Alert>
            ) : (
              <Typography variant="h6">
                {t('shopFreight.tester.freight')}: {result.outcome === 'free' ? `${t('shopFreight.tester.free')} (¥0.00)` : `¥${formatCents(result.freightCents ?? 0)}`}
              </Typography>
            )}
            <Typography data-testid="freight-tester-rule">{ruleText(result)}</Typography>
            {template && <Typography color="text.secondary">{t('shopFreight.tester.units', { units: result.units, unit: t(`shopFreight.unitShort.${template.pricing}`) })}</Typography>}
          </Paper>
        )}
      </Box>
    </Stack>
  );
}
