// The calls of the after-sale explanation templates screen and the goods release picker (issue 27 §3).
import { afterSaleTemplateEndpoints as E, type EndpointData, type PageOf } from '@merchant/api-contracts';
import { consoleApi } from '../../../app/api';

const silent = { silent: true } as const;

export type AfterSaleTemplate = EndpointData<typeof E.afterSaleTemplateDetail>;
/** A store keeps at most 50 templates, so one page of 50 holds them all (the largest §2 size under it). */
export const AFTER_SALE_TEMPLATE_PAGE_SIZE = 50;

export const afterSaleTemplatesApi = consoleApi.enhanceEndpoints({ addTagTypes: ['AfterSaleTemplate'] }).injectEndpoints({
  endpoints: (build) => ({
    afterSaleTemplates: build.query<AfterSaleTemplate[], void>({
      query: () => ({ path: E.afterSaleTemplateList.path, biz: { pageNum: 1, pageSize: AFTER_SALE_TEMPLATE_PAGE_SIZE }, options: silent }),
      transformResponse: (data: PageOf<AfterSaleTemplate> | null) => data?.list ?? [],
      providesTags: ['AfterSaleTemplate'],
    }),
    addAfterSaleTemplate: build.mutation<AfterSaleTemplate, { name: string; content: string }>({
      query: (biz) => ({ path: E.addAfterSaleTemplate.path, biz }),
      invalidatesTags: ['AfterSaleTemplate'],
    }),
    editAfterSaleTemplate: build.mutation<AfterSaleTemplate, { templateId: number; name: string; content: string }>({
      query: (biz) => ({ path: E.editAfterSaleTemplate.path, biz }),
      invalidatesTags: ['AfterSaleTemplate'],
    }),
    deleteAfterSaleTemplate: build.mutation<{ templateId: number }, { templateId: number }>({
      query: (biz) => ({ path: E.deleteAfterSaleTemplate.path, biz }),
      invalidatesTags: ['AfterSaleTemplate'],
    }),
  }),
});

export const { useAfterSaleTemplatesQuery, useAddAfterSaleTemplateMutation, useEditAfterSaleTemplateMutation, useDeleteAfterSaleTemplateMutation } = afterSaleTemplatesApi;
