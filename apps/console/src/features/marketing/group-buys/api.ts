// Group-buy activities, their teams and their orders (issue 28 §2; contract libs/api-contracts/src/endpoints/
// group-buys.ts), typed by their contracts. A change to an activity changes its row and what its teams may take,
// so the mutations invalidate every tag.
import { groupBuyEndpoints as G, type EndpointBiz as Biz, type EndpointData as Data } from '@merchant/api-contracts';
import { consoleApi } from '../../../app/api';
import { contractMutation, contractQuery } from '../../../resource-kit';

type E = typeof G;
const TAGS = ['GroupBuy', 'GroupBuyTeam'] as const;

export type GroupBuyRow = Data<E['groupBuyList']>['list'][number];
export type GroupBuyListQuery = Biz<E['groupBuyList']>;
export type GroupBuyTeamsAnswer = Data<E['groupBuyTeams']>;
/** A team as the teams screen shows it: with how far the server's clock is from this browser's, for the countdown. */
export type GroupBuyTeamRow = GroupBuyTeamsAnswer['list'][number] & { clockOffsetMs: number };
export type GroupBuyTeamsQuery = Biz<E['groupBuyTeams']>;
export type GroupBuyOrderRow = Data<E['groupBuyOrders']>['list'][number];
export type GroupBuyOrdersQuery = Biz<E['groupBuyOrders']>;

export const groupBuysApi = consoleApi.enhanceEndpoints({ addTagTypes: [...TAGS] }).injectEndpoints({
  endpoints: (build) => ({
    groupBuyList: build.query<Data<E['groupBuyList']>, Biz<E['groupBuyList']>>(contractQuery(G.groupBuyList, ['GroupBuy'])),
    groupBuyDetails: build.query<Data<E['groupBuyDetails']>, Biz<E['groupBuyDetails']>>(contractQuery(G.groupBuyDetails, ['GroupBuy'])),
    // Each row carries the server clock's offset at the answer, so a countdown counts from the server's time.
    groupBuyTeams: build.query<Omit<GroupBuyTeamsAnswer, 'list'> & { list: GroupBuyTeamRow[] }, Biz<E['groupBuyTeams']>>({
      ...contractQuery(G.groupBuyTeams, [...TAGS]),
      transformResponse: (answer: GroupBuyTeamsAnswer) => {
        const clockOffsetMs = answer.serverTime * 1000 - Date.now();
        return { ...answer, list: answer.list.map((row) => ({ ...row, clockOffsetMs })) };
      },
    }),
    groupBuyOrders: build.query<Data<E['groupBuyOrders']>, Biz<E['groupBuyOrders']>>(contractQuery(G.groupBuyOrders, [...TAGS])),
    addGroupBuy: build.mutation<Data<E['addGroupBuy']>, Biz<E['addGroupBuy']>>(contractMutation(G.addGroupBuy, [...TAGS])),
    editGroupBuy: build.mutation<Data<E['editGroupBuy']>, Biz<E['editGroupBuy']>>(contractMutation(G.editGroupBuy, [...TAGS])),
    stopGroupBuy: build.mutation<Data<E['stopGroupBuy']>, Biz<E['stopGroupBuy']>>(contractMutation(G.stopGroupBuy, [...TAGS])),
  }),
});
