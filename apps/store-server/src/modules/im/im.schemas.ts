// The wire shape of this module lives in @merchant/api-contracts (endpoints/im). Server-only settings:

export interface ImAccountSettings {
  imTokenSecret: string;
  imAppKey: string;
}

/** A store's IM account id (docs/decisions/0001: "Its IM account is s_1001"). */
export const storeImAccount = (storeId: number) => `s_${storeId}`;
