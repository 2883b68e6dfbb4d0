// After-sale templates as the console's specs serve them (contract afterSaleTemplateEndpoints): in memory, the text
// sanitised by the same function store-server stores with, a template goods use refused on delete with the count.
import { STORE_CODES, afterSaleTemplateEndpoints as E, richTextPlain, sanitizeRichText } from '@merchant/api-contracts';
import { ok, type FakeStoreServer } from '../../../../test/fakeStoreServer';
import type { AfterSaleTemplate } from './api';

const NOW = 1_790_000_000;

export const fakeAfterSaleTemplate = (templateId: number, name: string, html: string, goodsCount = 0): AfterSaleTemplate => {
  const content = sanitizeRichText(html);
  return { templateId, name, content, summary: richTextPlain(content), goodsCount, createTime: NOW, updateTime: NOW };
};

export function fakeAfterSaleTemplates(server: FakeStoreServer, templates: AfterSaleTemplate[] = []) {
  let nextId = 500;
  const notFound = { code: STORE_CODES.notFound, msg: 'after-sale template not found' };
  server.on(E.afterSaleTemplateList.path, ({ biz }) => ok({ list: [...templates].sort((a, b) => b.templateId - a.templateId), total: templates.length, pageNum: biz.pageNum, pageSize: biz.pageSize }));
  server.on(E.addAfterSaleTemplate.path, ({ biz }) => {
    const template = fakeAfterSaleTemplate(++nextId, String(biz.name).trim(), String(biz.content));
    templates.push(template);
    return ok(template);
  });
  server.on(E.editAfterSaleTemplate.path, ({ biz }) => {
    const at = templates.findIndex((t) => t.templateId === biz.templateId);
    if (at === -1) return notFound;
    templates[at] = { ...fakeAfterSaleTemplate(templates[at]!.templateId, String(biz.name).trim(), String(biz.content), templates[at]!.goodsCount), updateTime: NOW + 60 };
    return ok(templates[at]);
  });
  server.on(E.deleteAfterSaleTemplate.path, ({ biz }) => {
    const at = templates.findIndex((t) => t.templateId === biz.templateId);
    if (at === -1) return notFound;
    const count = templates[at]!.goodsCount;
    if (count > 0) return { code: STORE_CODES.notAllowedInCurrentState, msg: `${count} goods use this template, so it cannot be deleted; choose another template for them first` };
    templates.splice(at, 1);
    return ok({ templateId: biz.templateId });
  });
  return { templates };
}
