// The ticket that opens the store's event stream (decision 0006), over the secure envelope.
import { notificationEndpoints, type EndpointAnswer } from '@merchant/api-contracts';
import { consoleApi } from '../../app/api';

export type EventStreamTicket = EndpointAnswer<typeof notificationEndpoints.createEventStreamTicket>;

export const notificationsApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    createEventStreamTicket: build.mutation<EventStreamTicket, void>({
      query: () => ({ path: notificationEndpoints.createEventStreamTicket.path, biz: {} }),
    }),
  }),
});
