// Issue 27 §3, after-sale explanation templates (console-spec §2 /shop/afterSale/afterSaleTenMaintenance;
// docs/merchant-centre.md "After-sale explanation templates"). A template is a name and rich text the goods
// detail shows under "after-sale". store-server keeps only the sanitised text (../rich-text.ts) and answers
// only that; the console shows it as sanitised HTML and never runs it. Goods choose one at release
// (`afterSaleTemplateId`); a template goods use cannot be deleted.
import { z } from 'zod';
import { endpointsUnder, pageQueryShape, pageResult } from '../endpoint';
import { PERMISSIONS } from '../permissions';
import { richTextPlain } from '../rich-text';
import { rule } from '../rules';
import { STORE_CODES } from '../store-codes';

export const AFTER_SALE_TEMPLATES_BASE = '/v1/store/eshop/store/afterSaleTemplate';

export const AFTER_SALE_TEMPLATE_LIMITS = {
  nameMax: 30,
  /** Characters of the HTML as sent. */
  contentMax: 20_000,
  /** Templates per store. */
  perStore: 50,
  /** Goods ids a refused delete lists (it counts them all). */
  usedByListed: 20,
} as const;

const id = () => z.number().int().positive();

const templateShape = {
  name: z.string().trim().min(1).max(AFTER_SALE_TEMPLATE_LIMITS.nameMax),
  /** Rich text (HTML); sanitised by the server. Text must remain once it is sanitised. */
  content: z
    .string()
    .max(AFTER_SALE_TEMPLATE_LIMITS.contentMax)
    .refine((html) => richTextPlain(html).length > 0, rule('required')),
};

export const afterSaleTemplate = z.strictObject({
  templateId: z.number().int().positive(),
  name: z.string(),
  /** The sanitised HTML (only the allow-listed tags of RICH_TEXT_TAGS). */
  content: z.string(),
  /** Its text on one line, for lists. */
  summary: z.string(),
  /** Goods of the store that use it. */
  goodsCount: z.number().int(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});

const call = endpointsUnder(AFTER_SALE_TEMPLATES_BASE);
const errors = [STORE_CODES.notFound, STORE_CODES.notAllowedInCurrentState] as const;

export const afterSaleTemplateEndpoints = {
  afterSaleTemplateList: call('list', {
    access: 'user',
    permission: PERMISSIONS.shopView,
    summary: "The store's after-sale explanation templates, newest first, by name",
    biz: z.object({ ...pageQueryShape, name: z.string().trim().max(AFTER_SALE_TEMPLATE_LIMITS.nameMax).optional() }),
    data: pageResult(afterSaleTemplate),
  }),
  afterSaleTemplateDetail: call('detail', {
    access: 'user',
    permission: PERMISSIONS.shopView,
    summary: 'One template with its sanitised text',
    biz: z.object({ templateId: id() }),
    data: afterSaleTemplate,
    errors,
  }),
  addAfterSaleTemplate: call('add', {
    access: 'user',
    permission: PERMISSIONS.templatesManage,
    summary: 'Add a template (the text is sanitised; at most 50 per store)',
    biz: z.object(templateShape),
    data: afterSaleTemplate,
    errors,
  }),
  editAfterSaleTemplate: call('edit', {
    access: 'user',
    permission: PERMISSIONS.templatesManage,
    summary: "Change a template's name and text (goods using it show the new text)",
    biz: z.object({ templateId: id(), ...templateShape }),
    data: afterSaleTemplate,
    errors,
  }),
  deleteAfterSaleTemplate: call('delete', {
    access: 'user',
    permission: PERMISSIONS.templatesManage,
    summary: 'Delete a template no goods use; refused (10100005) with how many goods use it and which',
    biz: z.object({ templateId: id() }),
    data: z.strictObject({ templateId: z.number().int().positive() }),
    errors,
  }),
};
