// /shop/cartageTem/cartageTemTen (issue 27 §2): the store's cartage templates. Row actions: edit (the form with
// ?id=), delete (asks first; a template goods use is refused, and the refusal says how many goods and links to
// them: the goods list filtered by the template).
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
import { PERMISSIONS, STORE_CODES, cartageEndpoints } from '@merchant/api-contracts';
import { formatCents, formatSecondsTimestamp, searchText } from '@merchant/ui-kit';
import { defineResource, listArg, type ResourceActionContext, type ResourceColumn } from '../../../resource-kit';
import { cartageApi, type CartageTemplateListQuery, type CartageTemplateRow } from './api';
import { CARTAGE_FORM_DEFAULTS, CARTAGE_FORM_FIELDS, cartageValues, type CartageFormValues } from './cartageForm';
import { CARTAGE_PATHS, cartageAddress, goodsUsingCartage } from './paths';
import { samplePriceText } from './preview';

const api = cartageApi.endpoints;
const manage = PERMISSIONS.templatesManage;

const bandsText = (row: CartageTemplateRow, t: TFunction) =>
  row.distanceBands.length === 0
    ? t('shopCartage.noBands')
    : row.distanceBands.map((band) => t('shopCartage.bandText', { from: band.fromMeters, to: band.toMeters, yuan: formatCents(band.cents) })).join(t('shopCartage.bandSeparator'));

// Sized so that every column and the row actions fit a 1440 px screen; the sample quote is one click away (column picker).
const COLUMNS: ResourceColumn<CartageTemplateRow>[] = [
  { key: 'name', titleKey: 'shopCartage.field.name', width: 150, hideable: false },
  { key: 'freeFloors', titleKey: 'shopCartage.column.freeFloors', width: 90, align: 'right' },
  { key: 'perFloorWithLiftCents', titleKey: 'shopCartage.column.lift', width: 100, align: 'right', format: (row) => `¥${formatCents(row.perFloorWithLiftCents)}` },
  { key: 'perFloorWithoutLiftCents', titleKey: 'shopCartage.column.stairs', width: 100, align: 'right', format: (row) => `¥${formatCents(row.perFloorWithoutLiftCents)}` },
  { key: 'distanceBands', titleKey: 'shopCartage.column.bands', width: 320, format: (row, { t }) => bandsText(row, t) },
  { key: 'minimumCents', titleKey: 'shopCartage.column.minimum', width: 100, align: 'right', format: (row) => `¥${formatCents(row.minimumCents)}` },
  { key: 'sample', titleKey: 'shopCartage.preview.heading', width: 150, derived: true, hidden: true, format: (row, { t }) => samplePriceText(row, t) },
  {
    key: 'goodsCount',
    titleKey: 'shopCartage.field.goodsCount',
    width: 100,
    align: 'right',
    render: (row) =>
      row.goodsCount > 0 ? (
        <Link component={RouterLink} to={goodsUsingCartage(row.templateId)}>
          {row.goodsCount}
        </Link>
      ) : (
        '0'
      ),
  },
  { key: 'updateTime', titleKey: 'shopCartage.field.updateTime', width: 165, hidden: true, format: (row) => formatSecondsTimestamp(row.updateTime) },
];

/** Delete, or say why not: the goods that use the template, linked. */
async function deleteTemplate(row: CartageTemplateRow, context: ResourceActionContext): Promise<void> {
  try {
    await context.mutate(api.deleteCartageTemplate, { templateId: row.templateId });
    context.succeeded('shopCartage.deleted');
  } catch (error) {
    const refusal = error as { code?: string; errInfo?: { goodsCount?: number } };
    if (refusal.code !== STORE_CODES.notAllowedInCurrentState || typeof refusal.errInfo?.goodsCount !== 'number') throw error;
    const count = refusal.errInfo.goodsCount;
    context.openDialog((close) => (
      <Dialog open onClose={close} aria-labelledby="cartage-in-use-title">
        <DialogTitle id="cartage-in-use-title">{context.t('shopCartage.deleteTitle')}</DialogTitle>
        <DialogContent>
          <Alert severity="warning" data-testid="cartage-in-use">
            {context.t('shopCartage.inUse', { count })}{' '}
            <Link component={RouterLink} to={goodsUsingCartage(row.templateId)} onClick={close}>
              {context.t('shopCartage.inUseLink')}
            </Link>
          </Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{context.t('shopCartage.close')}</Button>
        </DialogActions>
      </Dialog>
    ));
  }
}

export const cartageTemplates = defineResource<CartageTemplateRow, CartageTemplateListQuery, CartageTemplateRow, { templateId: number }, CartageFormValues, { templateId: number }>({
  key: 'shop.cartage',
  titleKey: 'shopCartage.menu.list',
  rowId: (row) => row.templateId,
  listPath: CARTAGE_PATHS.list,
  form: {
    schema: cartageEndpoints.addCartageTemplate.biz,
    defaults: CARTAGE_FORM_DEFAULTS,
    fields: CARTAGE_FORM_FIELDS,
    load: { endpoint: api.cartageTemplateDetails, toArg: (id) => ({ templateId: Number(id) }), toValues: cartageValues },
    create: { endpoint: api.addCartageTemplate as never, contract: cartageEndpoints.addCartageTemplate },
    update: { endpoint: api.editCartageTemplate as never, contract: cartageEndpoints.editCartageTemplate, toBiz: (values, id) => ({ templateId: Number(id), ...values }) },
  },
  list: {
    endpoint: api.cartageTemplateList,
    toArg: listArg<CartageTemplateListQuery>(),
    search: (t: TFunction) => z.object({ name: searchText({ label: t('shopCartage.field.name') }) }),
    columns: COLUMNS,
    toolbar: [{ key: 'add', labelKey: 'shopCartage.action.add', permission: manage, to: CARTAGE_PATHS.add }],
    rowActions: [
      { key: 'edit', labelKey: 'shopCartage.action.edit', permission: manage, to: (row) => cartageAddress(CARTAGE_PATHS.edit, row.templateId) },
      {
        key: 'delete',
        labelKey: 'shopCartage.action.delete',
        permission: manage,
        color: 'error',
        destructive: true,
        confirm: { titleKey: 'shopCartage.deleteTitle', contentKey: 'shopCartage.deleteText' },
        run: deleteTemplate,
      },
    ],
    emptyKey: 'shopCartage.empty',
  },
});
