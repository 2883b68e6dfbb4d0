// What the release screens take from the goods contract (libs/api-contracts/src/endpoints/goods.ts),
// in one place, so the screens import from here and read like the calls they make.
import { goodsEndpoints, type EndpointData } from '@merchant/api-contracts';

export {
  GOODS_DETAIL_TYPE,
  GOODS_LIMITS,
  GOODS_STATUS,
  GOODS_STATUS_LABELS,
  goodsActionAllowed,
  goodsEndpoints,
  goodsSubmitBiz,
  goodsDraftBiz,
  type GoodsDetail,
  type GoodsDraftInput,
  type GoodsImage,
  type GoodsSubmitInput,
  type GoodsStatus,
  type GoodsVideo,
} from '@merchant/api-contracts';

/** What submit and saveDraft answer: the good's id and its status after the call. */
export type GoodsSaved = EndpointData<typeof goodsEndpoints.submit>;
