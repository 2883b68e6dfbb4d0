// The account area's addresses (console-spec §2 /shop/accountMgmt).
export const ACCOUNT_INFO_PATH = '/shop/accountMgmt/accountInfo';
