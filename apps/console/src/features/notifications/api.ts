// The ticket that opens the store's event stream (decision 0006), over the secure envelope.
import { notificationEndpoints, type EndpointAnswer } from '@merchant/api-contracts';
import { consoleApi } from '../../app/api';

export type EventStreamTicket = EndpointAnswer<typeof notificationEndpoints.createEventStreamTicket>;

/**
 * The orders screens' cache tag (ORDER_TAGS in features/orders/api.ts, not imported: that module
 * brings the resource kit into the shell's chunk). A paid order refreshes their lists and counts.
 */
export const ORDER_CACHE_TAG = 'Order';

export const notificationsApi = consoleApi.enhanceEndpoints({ addTagTypes: [ORDER_CACHE_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    createEventStreamTicket: build.mutation<EventStreamTicket, void>({
      query: () => ({ path: notificationEndpoints.createEventStreamTicket.path, biz: {} }),
    }),
  }),
});
