// Texts of the promotion forms' SKU lines (PromotionSkuInputs: activity sign-up, flash sales, group buys): the SKU
// picker's empty list and the hint under a line's price, one per price the lines set.
export const promotionSkuMessages = {
  'zh-CN': {
    promotionSkus: {
      noSkus: '没有可选的商品规格',
      listPrice: {
        sale: '原价 ¥{{list}}，活动价不能高于原价',
        group: '原价 ¥{{list}}，团购价不能高于原价',
        activity: '原价 ¥{{list}}，活动价最高 ¥{{max}}',
      },
    },
  },
  'en-US': {
    promotionSkus: {
      noSkus: 'No SKUs to choose',
      listPrice: {
        sale: 'List price ¥{{list}}; the sale price cannot be higher',
        group: 'List price ¥{{list}}; the group price cannot be higher',
        activity: 'List ¥{{list}}, activity price at most ¥{{max}}',
      },
    },
  },
};
