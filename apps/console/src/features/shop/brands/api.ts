// The calls of the brand screens (issue 27 area 4; docs/merchant-centre.md "Brands"): apply (BrandApply add), the
// store's applications (brandQuery) and one in detail, and the approved brands it may sell (brandManagement).
import { brandEndpoints, type BrandApplicationRow, type BrandApplyInput, type EndpointData, type PageOf } from '@merchant/api-contracts';
import { consoleApi } from '../../../app/api';

const silent = { silent: true } as const;

export type BrandApplyAnswer = EndpointData<typeof brandEndpoints.brandApply>;
/** Our design: the brand pages list one page of 20, newest application (or soonest end) first. */
export const BRAND_PAGE_SIZE = 20;

export const brandsApi = consoleApi.enhanceEndpoints({ addTagTypes: ['BrandApplication'] }).injectEndpoints({
  endpoints: (build) => ({
    /** brandApply: answers the application id, submitted; the page shows a refusal itself. */
    applyBrand: build.mutation<BrandApplyAnswer, BrandApplyInput>({
      query: (biz) => ({ path: brandEndpoints.brandApply.path, biz, options: silent }),
      invalidatesTags: ['BrandApplication'],
    }),
    /** The store's brand applications, newest first, with their state. */
    brandApplications: build.query<BrandApplicationRow[], void>({
      query: () => ({ path: brandEndpoints.brandApplicationList.path, biz: { pageNum: 1, pageSize: BRAND_PAGE_SIZE }, options: silent }),
      transformResponse: (data: PageOf<BrandApplicationRow> | null) => data?.list ?? [],
      providesTags: ['BrandApplication'],
    }),
    brandApplicationDetail: build.query<BrandApplicationRow, number>({
      query: (applicationId) => ({ path: brandEndpoints.brandApplicationDetail.path, biz: { applicationId }, options: silent }),
      providesTags: ['BrandApplication'],
    }),
    /** brandManagement: approved brands, soonest end first; `expiringSoon` keeps those 0 to 60 days from it. */
    brandManagement: build.query<PageOf<BrandApplicationRow>, { expiringSoon?: boolean }>({
      query: ({ expiringSoon }) => ({ path: brandEndpoints.brandManagementList.path, biz: { pageNum: 1, pageSize: BRAND_PAGE_SIZE, ...(expiringSoon ? { expiringSoon } : {}) }, options: silent }),
      providesTags: ['BrandApplication'],
    }),
  }),
});

export const { useApplyBrandMutation, useBrandApplicationsQuery, useBrandApplicationDetailQuery, useBrandManagementQuery } = brandsApi;
