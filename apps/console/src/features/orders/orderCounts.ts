// The list's status tabs carry the store's count per status (queryStoreOrderCount), in both languages.
import type { i18n as I18n } from 'i18next';
import type { EndpointData, LocalizedText, orderEndpoints } from '@merchant/api-contracts';
import type { ResourceListResource } from '../../resource-kit';

type OrderCounts = EndpointData<typeof orderEndpoints.queryStoreOrderCount>;

export function withTabCounts<Row, Arg>(resource: ResourceListResource<Row, Arg>, counts: OrderCounts | undefined, i18n: I18n): ResourceListResource<Row, Arg> {
  const tabs = resource.list.tabs;
  if (!counts || !tabs) return resource;
  const countOf = (value: string | number) => counts.counts.find((entry) => String(entry.status) === String(value))?.count ?? 0;
  const label = (text: LocalizedText, value: string | number): LocalizedText => ({
    'zh-CN': i18n.getFixedT('zh-CN')('orders.tabCount', { label: text['zh-CN'], count: countOf(value) }),
    'en-US': i18n.getFixedT('en-US')('orders.tabCount', { label: text['en-US'], count: countOf(value) }),
  });
  return {
    ...resource,
    list: { ...resource.list, tabs: { ...tabs, options: tabs.options.map((option) => ({ ...option, label: typeof option.label === 'string' ? option.label : label(option.label, option.value) })) } },
  };
}
