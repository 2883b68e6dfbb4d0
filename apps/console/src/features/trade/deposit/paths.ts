// Addresses of the deposit screens (console-spec §2 /trade moneyMgmt/topUp, transferRecord (+view)), from TRADE_PATHS.
import { TRADE_PATHS } from '../paths';

export const DEPOSIT_PATHS = { topUp: TRADE_PATHS.topUp, transferRecord: TRADE_PATHS.transferRecord, transferRecordView: TRADE_PATHS.transferRecordView } as const;
