// Turning definition values into the user's text: labels (i18n key or contract text), status
// labels with the §8 fallback, and the cell text the table and the Excel export share.
import type { TFunction } from 'i18next';
import { UNMATCHED_STATUS, type LocalizedText } from '@merchant/api-contracts';
import type { ChipColor, ResourceColumn, ResourceLabel, ResourceStatus, ResourceStatusOption, ResourceTextContext } from './types';

export function labelText(label: ResourceLabel, context: ResourceTextContext): string {
  return typeof label === 'string' ? context.t(label) : label[context.locale];
}

export function statusOption(status: ResourceStatus, value: unknown): ResourceStatusOption | undefined {
  if (value === null || value === undefined) return undefined;
  return status.options.find((option) => String(option.value) === String(value));
}

/** §8 display fallback: a value the mapping does not know reads 'unmatched status' (the contracts' text). */
export function statusText(status: ResourceStatus, value: unknown, context: ResourceTextContext): string {
  const option = statusOption(status, value);
  return option ? labelText(option.label, context) : UNMATCHED_STATUS[context.locale];
}

/** Select options for a search bar or a form. */
export function statusSelectOptions(status: ResourceStatus, context: ResourceTextContext): { value: string | number; label: string }[] {
  return status.options.map((option) => ({ value: option.value, label: labelText(option.label, context) }));
}

export function rawText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A cell as text: `format`, else the status label, else the raw value. */
export function cellText<Row>(row: Row, column: ResourceColumn<Row>, context: ResourceTextContext): string {
  if (column.format) return column.format(row, context);
  const value = (row as Record<string, unknown>)[column.key];
  if (column.status) return statusText(column.status, value, context);
  return rawText(value);
}

export function textContext(t: TFunction, language: string): ResourceTextContext {
  return { t, locale: language === 'en-US' ? 'en-US' : 'zh-CN' };
}

/** A contract's status labels (value → text in both languages) as a status mapping, with chip colours. */
export function statusFromLabels(labels: Readonly<Record<number | string, LocalizedText>>, colors: Readonly<Record<number | string, ChipColor>> = {}, order?: readonly (number | string)[]): ResourceStatus {
  const values = order ?? Object.keys(labels).map((key) => (Number.isNaN(Number(key)) ? key : Number(key)));
  return { options: values.map((value) => ({ value, label: labels[value as keyof typeof labels]!, color: colors[value as keyof typeof colors] })) };
}
