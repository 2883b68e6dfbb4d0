// `@merchant/ui-kit/format`: the React-free formatters and the status-mapping helpers (the tables
// come from the caller), one copy for the console (through the main entry) and the servers (through
// this one). docs/decisions/0010-code-tables-and-formatters.md says what lives where.
export * from './formatters';
export * from './status-mappings';
export { uiKitText, uiKitMessages, DEFAULT_UI_KIT_LOCALE, type UiKitLocale, type UiKitMessageKey } from '../i18n/messages';
// The §9 file-name rule and the xlsx type, for the server's export jobs (React-free).
export { sanitizeExportFileName, EXCEL_EXTENSION, EXCEL_MIME } from '../export/file-name';
