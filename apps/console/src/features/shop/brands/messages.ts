// Texts of the brand screens (issue 27 area 4: /shop/brandQuery, its BrandApply add and details, /shop/brandManagement
// and its detail; /goods/brandApply shows the same form). State labels are the contract's BRAND_APPLICATION_STATUS_LABELS.
export const shopBrandMessages = {
  'zh-CN': {
    shopBrands: {
      menu: { query: '品牌申请', apply: '申请品牌', details: '品牌申请详情', management: '品牌管理', detail: '品牌详情' },
      field: {
        owner: '品牌所有人',
        chain: '授权链路',
        chainHint: '从品牌所有人到本店，每行一家公司',
      },
      query: { heading: '品牌申请', intro: '本店的品牌申请及其审核状态。审核通过后，该品牌可在发布商品时选用，直到授权到期。', add: '申请品牌', details: '详情' },
      management: {
        heading: '品牌管理',
        intro: '本店可以销售的品牌（已通过审核且在授权期内）。距授权到期 0 到 60 天的品牌会被标出。',
        onlySoon: '只看即将到期',
        none: '没有可销售的品牌',
        daysLeft: '剩余 {{days}} 天',
        expiringSoon: '即将到期',
        detail: '详情',
      },
      detail: {
        heading: '品牌申请 {{id}}',
        notFound: '找不到这条品牌申请',
        certificates: '授权书',
        reviewTime: '审核时间',
        notReviewed: '尚未审核',
        back: '返回',
      },
      column: { owner: '品牌所有人', daysLeft: '剩余天数', actions: '操作' },
    },
  },
  'en-US': {
    shopBrands: {
      menu: { query: 'Brand applications', apply: 'Apply for a brand', details: 'Brand application', management: 'Brands', detail: 'Brand' },
      field: {
        owner: 'Brand owner',
        chain: 'Authorisation chain',
        chainHint: 'From the brand owner down to this shop, one company per line',
      },
      query: {
        heading: 'Brand applications',
        intro: "The shop's brand applications and their review. Once approved, the brand can be chosen when releasing goods until its authorisation ends.",
        add: 'Apply for a brand',
        details: 'Details',
      },
      management: {
        heading: 'Brands',
        intro: 'The brands this shop may sell (approved and within their authorisation). Brands 0 to 60 days from the end are flagged.',
        onlySoon: 'Only those about to expire',
        none: 'No brands to sell',
        daysLeft: '{{days}} days left',
        expiringSoon: 'Expiring soon',
        detail: 'Details',
      },
      detail: {
        heading: 'Brand application {{id}}',
        notFound: 'This brand application was not found',
        certificates: 'Authorisation certificates',
        reviewTime: 'Reviewed',
        notReviewed: 'Not reviewed yet',
        back: 'Back',
      },
      column: { owner: 'Brand owner', daysLeft: 'Days left', actions: 'Actions' },
    },
  },
} as const;
