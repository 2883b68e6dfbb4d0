// Addresses of the wallet screens (console-spec §2 /trade moneyMgmt), and of the money screens other slices build,
// linked by path: a link is drawn only where the route manifest has the screen (useScreenLinks).
import { TRADE_BASE_PATH } from '../paths';

const MONEY = `${TRADE_BASE_PATH}/moneyMgmt`;

export const WALLET_PATHS = {
  myWallet: `${MONEY}/myWallet`,
  moneyWater: `${MONEY}/moneyWater`,
  moneyWaterDetails: `${MONEY}/moneyWater/details`,
  turnWithdrawal: `${MONEY}/turnWithdrawal`,
  /** Built by the deposit slice. */
  topUp: `${MONEY}/topUp`,
  transferRecord: `${MONEY}/transferRecord`,
  transferRecordView: `${MONEY}/transferRecord/view`,
  /** Built by the statements slice. */
  settlementInquiryView: `${TRADE_BASE_PATH}/platformTrad/settlementInquiry/view`,
} as const;
