// `@merchant/ui-kit/format`: the React-free formatters and status mappings, one copy for the
// console (through the main entry) and the servers (through this one).
export * from './formatters';
export * from './status-mappings';
export { uiKitText, uiKitMessages, DEFAULT_UI_KIT_LOCALE, type UiKitLocale, type UiKitMessageKey } from '../i18n/messages';
// The §9 file-name rule and the xlsx type, for the server's export jobs (React-free).
export { sanitizeExportFileName, EXCEL_EXTENSION, EXCEL_MIME } from '../export/file-name';
