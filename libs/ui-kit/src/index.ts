// Public face of @merchant/ui-kit. The React-free formatters and status mappings also have their
// own entry point, `@merchant/ui-kit/format`, for servers.
export * from './i18n/messages';
export * from './i18n/locale-context';
export * from './context/UiKitProvider';
export * from './context/permissions';
export * from './errors';
export * from './format/formatters';
export * from './format/status-mappings';
export * from './input/input-rules';
export * from './input/MoneyInput';
export * from './search/search-validation';
export * from './search/search-fields';
export * from './search/Cascader';
export * from './search/SearchBar';
export * from './table/use-data-table';
export * from './table/table-url-state';
export * from './table/column-visibility';
export * from './table/TablePager';
export * from './table/BulkActionBar';
export * from './table/DataTable';
export * from './components/PermissionButton';
export * from './components/ActionButtons';
export * from './components/countdown-parts';
export * from './components/Countdown';
export * from './components/ConfirmDialog';
export * from './export/excel-export';
