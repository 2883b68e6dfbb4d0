// Onboarding calls (console-spec §7, base /v1/store/eshop/store/user/): registration, the shop-info
// draft, the merchant agreement, submission for review and the review result. Request and answer
// types come from the contracts of @merchant/api-contracts. The city list and the category tree are
// store init's shared lists (app/storeInit.ts), read through its hooks.
import { accountEndpoints as account, type EndpointBiz, type EndpointData } from '@merchant/api-contracts';
import { useEffect, useState } from 'react';
import { consoleApi } from '../../app/api';
import type { StoreInfoDraft, StoreInfoSubmission } from './storeInfoSchema';

/** getStoreInfoByToken: what the review-result screen shows. */
export type StoreReviewInfo = EndpointData<typeof account.getStoreInfoByToken>;

export const registeredApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    sendRegisterCheckCode: build.mutation<EndpointData<typeof account.sendRegisterCheckCode>, EndpointBiz<typeof account.sendRegisterCheckCode>>({
      query: (biz) => ({ path: account.sendRegisterCheckCode.path, biz }),
    }),
    registerUser: build.mutation<EndpointData<typeof account.registerUser>, EndpointBiz<typeof account.registerUser>>({
      query: (biz) => ({ path: account.registerUser.path, biz }),
    }),
    // The contract answers the stored draft as it was saved (values unchecked: a draft is unfinished);
    // the form reads it as a draft.
    storeDraft: build.query<StoreInfoDraft, void>({
      query: () => ({ path: account.getStorageStoreInfoByToken.path, biz: {} }),
      keepUnusedDataFor: 0,
    }),
    // The store-info form still types storeType/principalType as number (storeInfoSchema.ts), wider than the
    // contract's 1|2|3 and 1|2: these two take the form's types until the form reads the contract's; the
    // fake server and store-server check the biz against the contract either way.
    saveStoreDraft: build.mutation<EndpointData<typeof account.temporaryStorageStoreInfo>, StoreInfoDraft>({
      query: (biz) => ({ path: account.temporaryStorageStoreInfo.path, biz }),
    }),
    acceptAgreement: build.mutation<EndpointData<typeof account.storeAcceptAgreement>, void>({
      query: () => ({ path: account.storeAcceptAgreement.path, biz: {} }),
    }),
    registerStore: build.mutation<EndpointData<typeof account.registerStore>, StoreInfoSubmission>({
      query: (biz) => ({ path: account.registerStore.path, biz }),
    }),
    /** Keyed by the store status it is read for, so a new status (after a review decision) reads it again. */
    storeReviewInfo: build.query<StoreReviewInfo, number | null>({
      query: () => ({ path: account.getStoreInfoByToken.path, biz: {} }),
      keepUnusedDataFor: 0,
    }),
    recoverStoreInfo: build.mutation<StoreInfoDraft, void>({
      query: () => ({ path: account.recoveryStoreInfoByToken.path, biz: {} }),
    }),
  }),
});

export const {
  useSendRegisterCheckCodeMutation,
  useRegisterUserMutation,
  useStoreDraftQuery,
  useSaveStoreDraftMutation,
  useAcceptAgreementMutation,
  useRegisterStoreMutation,
  useStoreReviewInfoQuery,
  useRecoverStoreInfoMutation,
} = registeredApi;

/**
 * The draft an onboarding form starts from, taken once when it has loaded (a later refetch must not wipe what
 * the merchant typed); a failed load (its msg already shown) starts from an empty draft. Null while loading.
 */
export function useStartingDraft(): StoreInfoDraft | null {
  const draft = useStoreDraftQuery(undefined, { refetchOnMountOrArgChange: true });
  // Only an answer fetched after this screen opened: the previous step's cached draft (still there for a
  // moment after it unmounts) lacks what that step just saved, and the next save would drop it.
  const [openedAt] = useState(() => Date.now());
  const [start, setStart] = useState<StoreInfoDraft | null>(null);
  const fresh = (draft.fulfilledTimeStamp ?? 0) >= openedAt;
  useEffect(() => {
    if (start || draft.isFetching || !((draft.data && fresh) || draft.isError)) return;
    setStart(draft.data && fresh ? draft.data : {});
  }, [start, draft.data, draft.isError, draft.isFetching, fresh]);
  return start;
}
