// The texts ui-kit shows. en-US holds the spec's English wording; zh-CN is the default locale.
export type UiKitLocale = 'zh-CN' | 'en-US';

export const DEFAULT_UI_KIT_LOCALE: UiKitLocale = 'zh-CN';

const enUS = {
  noPermission: 'no permission',
  more: 'more',
  confirm: 'confirm',
  cancel: 'cancel',
  search: 'search',
  reset: 'reset',
  moreFilters: 'more filters',
  fewerFilters: 'fewer filters',
  noData: 'no data',
  goToPage: 'go to',
  totalCount: 'total {total}',
  phoneFormatError: 'phone number format error',
  dateRangeIncomplete: 'please select start and end',
  dateRangeReversed: 'end cannot be less than start',
  exportEmptyData: 'table data cannot be empty and must be an array',
  exportFailed: 'export failed, please retry',
  countdownDays: '{days} days',
  countdownClock: '{hours}h {minutes}m {seconds}s',
  loadFailed: 'load failed',
  taskAttempt: 'processing, check {attempt} of {maxTries}',
  taskDone: 'done',
  exportExcel: 'export Excel',
  exportProgress: 'export progress',
  exportAll: 'export all results',
  downloadFile: 'download the file',
  all: 'all',
  start: 'start',
  end: 'end',
  pagination: 'pagination',
  pageSize: 'rows per page',
  perPage: '{size} / page',
  previousPage: 'previous page',
  nextPage: 'next page',
  currentPage: 'page {page}, current',
  goToPageNumber: 'go to page {page}',
  columns: 'columns',
  selectRow: 'select row',
  selectedCount: '{count} selected',
  delete: 'delete',
  bulkDeleteTitle: 'delete the {count} selected items?',
  bulkDeleteContent: 'this cannot be undone',
  inputRuleDigits: 'whole numbers only: digits 0–9',
  inputRuleMoney: 'an amount: digits and one decimal point, not below 0',
  inputRuleDecimals: 'at most {decimals} decimal places',
  inputRuleMax: 'at most {max}',
} as const;

export type UiKitMessageKey = keyof typeof enUS;
export type UiKitMessageTable = Record<UiKitMessageKey, string>;

const zhCN: UiKitMessageTable = {
  noPermission: '暂无权限',
  more: '更多',
  confirm: '确定',
  cancel: '取消',
  search: '搜索',
  reset: '重置',
  moreFilters: '更多筛选',
  fewerFilters: '收起筛选',
  noData: '暂无数据',
  goToPage: '前往',
  totalCount: '共 {total} 条',
  phoneFormatError: '电话号码格式错误',
  dateRangeIncomplete: '请选择开始和结束时间',
  dateRangeReversed: '结束时间不能小于开始时间',
  exportEmptyData: '表格数据不能为空且必须为数组',
  exportFailed: '导出失败，请重试',
  countdownDays: '{days}天',
  countdownClock: '{hours}时{minutes}分{seconds}秒',
  loadFailed: '加载失败',
  taskAttempt: '处理中，第 {attempt}/{maxTries} 次查询',
  taskDone: '已完成',
  exportExcel: '导出 Excel',
  exportProgress: '导出进度',
  exportAll: '导出全部结果',
  downloadFile: '下载文件',
  all: '全部',
  start: '开始',
  end: '结束',
  pagination: '分页',
  pageSize: '每页条数',
  perPage: '{size}条/页',
  previousPage: '上一页',
  nextPage: '下一页',
  currentPage: '第 {page} 页，当前页',
  goToPageNumber: '前往第 {page} 页',
  columns: '列设置',
  selectRow: '选择此行',
  selectedCount: '已选 {count} 项',
  delete: '删除',
  bulkDeleteTitle: '确定删除选中的 {count} 项吗？',
  bulkDeleteContent: '删除后无法恢复',
  inputRuleDigits: '只能输入整数（数字 0–9）',
  inputRuleMoney: '请输入金额：数字和一个小数点，不能小于 0',
  inputRuleDecimals: '最多 {decimals} 位小数',
  inputRuleMax: '不能超过 {max}',
};

export const uiKitMessages: Record<UiKitLocale, UiKitMessageTable> = { 'zh-CN': zhCN, 'en-US': enUS };

/** Looks a text up and fills its `{name}` placeholders. */
export function uiKitText(
  key: UiKitMessageKey,
  locale: UiKitLocale = DEFAULT_UI_KIT_LOCALE,
  values: Record<string, string | number> = {},
): string {
  return fillPlaceholders(uiKitMessages[locale][key], values);
}

export function fillPlaceholders(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
