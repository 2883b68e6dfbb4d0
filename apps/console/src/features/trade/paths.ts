// Addresses of the trade screens (console-spec §2 /trade), written once for links and tests.
export const TRADE_BASE_PATH = '/trade';
const TRANSACTIONS = `${TRADE_BASE_PATH}/TransactionManagement`;

export const TRADE_PATHS = {
  tradeOrder: `${TRANSACTIONS}/tradeOrder`,
  tradeOrderView: `${TRANSACTIONS}/tradeOrder/view`,
  rfundQuery: `${TRANSACTIONS}/rfundQuery`,
  rfundQueryView: `${TRANSACTIONS}/rfundQuery/view`,
  topUp: `${TRADE_BASE_PATH}/moneyMgmt/topUp`,
  transferRecord: `${TRADE_BASE_PATH}/moneyMgmt/transferRecord`,
  transferRecordView: `${TRADE_BASE_PATH}/moneyMgmt/transferRecord/view`,
  bills: `${TRADE_BASE_PATH}/billManagement/bills`,
  settlementInquiry: `${TRADE_BASE_PATH}/platformTrad/settlementInquiry`,
  settlementInquiryView: `${TRADE_BASE_PATH}/platformTrad/settlementInquiry/view`,
} as const;
