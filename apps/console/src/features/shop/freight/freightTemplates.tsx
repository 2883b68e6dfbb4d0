// /shop/freightTem/freightTemTen (issue 27 §1): the store's freight templates, the default first. Row actions:
// edit (the form with ?id=), the tester, delete (asks first; a template goods use is refused, and the refusal says
// how many goods and links to them: the goods list filtered by the template).
import { z } from 'zod';
import type { TFunction } from 'i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import { FREIGHT_FREE_KIND, FREIGHT_PRICING_LABELS, PERMISSIONS, STORE_CODES, freightEndpoints, type FreightBlock } from '@merchant/api-contracts';
import { formatCents, formatSecondsTimestamp, searchText } from '@merchant/ui-kit';
import { defineResource, labelText, listArg, type ResourceActionContext, type ResourceColumn } from '../../../resource-kit';
import { freightApi, type FreightTemplateListQuery, type FreightTemplateRow } from './api';
import { FREIGHT_FORM_DEFAULTS, FREIGHT_FORM_FIELDS, freightValues, type FreightFormValues } from './freightForm';
import { FREIGHT_PATHS, freightAddress, goodsUsingTemplate } from './paths';

const api = freightApi.endpoints;
const manage = PERMISSIONS.templatesManage;

export const blockText = (block: FreightBlock, pricing: number, t: TFunction) =>
  t('shopFreight.blockText', {
    first: block.firstUnits,
    additional: block.additionalUnits,
    unit: t(`shopFreight.unitShort.${pricing}`),
    firstYuan: formatCents(block.firstCents),
    additionalYuan: formatCents(block.additionalCents),
  });

const freeText = (row: FreightTemplateRow, t: TFunction) =>
  row.freeRules.length === 0
    ? t('shopFreight.none')
    : row.freeRules.map((rule) => (rule.kind === FREIGHT_FREE_KIND.amount ? t('shopFreight.freeAmount', { yuan: formatCents(rule.threshold) }) : t('shopFreight.freeCount', { count: rule.threshold }))).join('; ');

const COLUMNS: ResourceColumn<FreightTemplateRow>[] = [
  { key: 'name', titleKey: 'shopFreight.field.name', width: 180, hideable: false },
  { key: 'pricing', titleKey: 'shopFreight.field.pricing', width: 100, format: (row, context) => labelText(FREIGHT_PRICING_LABELS.labels[row.pricing], context) },
  { key: 'defaultBlock', titleKey: 'shopFreight.field.defaultBlock', width: 260, format: (row, { t }) => blockText(row.defaultBlock, row.pricing, t) },
  { key: 'freeRules', titleKey: 'shopFreight.field.freeRules', width: 150, format: (row, { t }) => freeText(row, t) },
  { key: 'isDefault', titleKey: 'shopFreight.field.isDefault', width: 90, format: (row, { t }) => (row.isDefault ? t('shopFreight.yes') : t('shopFreight.no')) },
  {
    key: 'goodsCount',
    titleKey: 'shopFreight.field.goodsCount',
    width: 110,
    align: 'right',
    render: (row) =>
      row.goodsCount > 0 ? (
        <Link component={RouterLink} to={goodsUsingTemplate(row.templateId)}>
          {row.goodsCount}
        </Link>
      ) : (
        '0'
      ),
  },
  { key: 'updateTime', titleKey: 'shopFreight.field.updateTime', width: 165, hidden: true, format: (row) => formatSecondsTimestamp(row.updateTime) },
];

/** Delete, or say why not: the goods that use the template, linked. */
async function deleteTemplate(row: FreightTemplateRow, context: ResourceActionContext): Promise<void> {
  try {
    await context.mutate(api.deleteFreightTemplate, { templateId: row.templateId });
    context.succeeded('shopFreight.deleted');
  } catch (error) {
    const refusal = error as { code?: string; errInfo?: { goodsCount?: number } };
    if (refusal.code !== STORE_CODES.notAllowedInCurrentState || typeof refusal.errInfo?.goodsCount !== 'number') throw error;
    const count = refusal.errInfo.goodsCount;
    context.openDialog((close) => (
      <Dialog open onClose={close} aria-labelledby="freight-in-use-title">
        <DialogTitle id="freight-in-use-title">{context.t('shopFreight.deleteTitle')}</DialogTitle>
        <DialogContent>
          <Alert severity="warning" data-testid="freight-in-use">
            {context.t('shopFreight.inUse', { count })}{' '}
            <Link component={RouterLink} to={goodsUsingTemplate(row.templateId)} onClick={close}>
              {context.t('shopFreight.inUseLink')}
            </Link>
          </Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{context.t('shopFreight.close')}</Button>
        </DialogActions>
      </Dialog>
    ));
  }
}

export const freightTemplates = defineResource<FreightTemplateRow, FreightTemplateListQuery, FreightTemplateRow, { templateId: number }, FreightFormValues, { templateId: number }>({
  key: 'shop.freight',
  titleKey: 'shopFreight.menu.list',
  rowId: (row) => row.templateId,
  listPath: FREIGHT_PATHS.list,
  form: {
    schema: freightEndpoints.addFreightTemplate.biz,
    defaults: FREIGHT_FORM_DEFAULTS,
    fields: FREIGHT_FORM_FIELDS,
    load: { endpoint: api.freightTemplateDetails, toArg: (id) => ({ templateId: Number(id) }), toValues: freightValues },
    create: { endpoint: api.addFreightTemplate as never, contract: freightEndpoints.addFreightTemplate },
    update: { endpoint: api.editFreightTemplate as never, contract: freightEndpoints.editFreightTemplate, toBiz: (values, id) => ({ templateId: Number(id), ...values }) },
  },
  list: {
    endpoint: api.freightTemplateList,
    toArg: listArg<FreightTemplateListQuery>(),
    search: (t: TFunction) => z.object({ name: searchText({ label: t('shopFreight.field.name') }) }),
    columns: COLUMNS,
    toolbar: [
      { key: 'add', labelKey: 'shopFreight.action.add', permission: manage, to: FREIGHT_PATHS.add },
      { key: 'tester', labelKey: 'shopFreight.action.tester', permission: PERMISSIONS.shopView, to: FREIGHT_PATHS.tester },
    ],
    rowActions: [
      { key: 'edit', labelKey: 'shopFreight.action.edit', permission: manage, to: (row) => freightAddress(FREIGHT_PATHS.edit, row.templateId) },
      { key: 'tester', labelKey: 'shopFreight.action.tester', permission: PERMISSIONS.shopView, to: (row) => freightAddress(FREIGHT_PATHS.tester, row.templateId) },
      {
        key: 'delete',
        labelKey: 'shopFreight.action.delete',
        permission: manage,
        color: 'error',
        destructive: true,
        confirm: { titleKey: 'shopFreight.deleteTitle', contentKey: 'shopFreight.deleteText' },
        run: deleteTemplate,
      },
    ],
    emptyKey: 'shopFreight.empty',
  },
});
