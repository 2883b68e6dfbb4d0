// Saved-view calls (libs/api-contracts saved-views): list, save (create or replace by name), delete.
// Cached under the SavedView tag, so the menu shows a new view without a reload.
import { savedViewEndpoints, type EndpointBiz, type EndpointData } from '@merchant/api-contracts';
import { consoleApi } from '../app/api';
import { contractMutation, contractQuery } from './contractEndpoint';

type E = typeof savedViewEndpoints;

export const savedViewsApi = consoleApi.enhanceEndpoints({ addTagTypes: ['SavedView'] }).injectEndpoints({
  endpoints: (build) => ({
    savedViews: build.query<EndpointData<E['list']>, EndpointBiz<E['list']>>(contractQuery(savedViewEndpoints.list, ['SavedView'])),
    saveView: build.mutation<EndpointData<E['save']>, EndpointBiz<E['save']>>(contractMutation(savedViewEndpoints.save, ['SavedView'])),
    deleteSavedView: build.mutation<EndpointData<E['delete']>, EndpointBiz<E['delete']>>(contractMutation(savedViewEndpoints.delete, ['SavedView'])),
  }),
});

export const { useSavedViewsQuery, useSaveViewMutation, useDeleteSavedViewMutation } = savedViewsApi;
