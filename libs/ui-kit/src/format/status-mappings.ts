// Code → label mappings as data. ui-kit declares none of its own: the caller passes its table (the
// merchant apps pass the console-spec §4/§8 tables of their contracts library), and these helpers
// turn a code into the text of a locale, with the table's fallback for a code it does not know.
import { DEFAULT_UI_KIT_LOCALE, type UiKitLocale } from '../i18n/messages';

/** One text in every locale ui-kit speaks. */
export type LocalizedLabel = Readonly<Record<UiKitLocale, string>>;

/** A code → label mapping with the text any other code reads (e.g. 'unmatched status'). */
export interface StatusMapping<Code extends string | number = string | number> {
  readonly labels: Readonly<Record<Code, LocalizedLabel>>;
  readonly fallback: LocalizedLabel;
}

type Code = string | number | null | undefined;

function knownLabel<C extends string | number>(mapping: StatusMapping<C>, code: Code): LocalizedLabel | undefined {
  if (code === null || code === undefined) return undefined;
  return (mapping.labels as Readonly<Record<string, LocalizedLabel | undefined>>)[String(code)];
}

/** The label of a code in a locale; null, undefined and unknown codes read the mapping's fallback. */
export function statusLabel<C extends string | number>(mapping: StatusMapping<C>, code: Code, locale: UiKitLocale = DEFAULT_UI_KIT_LOCALE): string {
  return (knownLabel(mapping, code) ?? mapping.fallback)[locale];
}

/** The codes a mapping knows, as select options for search bars and forms. */
export function statusOptions<C extends string | number>(mapping: StatusMapping<C>, locale: UiKitLocale = DEFAULT_UI_KIT_LOCALE): { value: string; label: string }[] {
  return Object.entries<LocalizedLabel>(mapping.labels).map(([value, label]) => ({ value, label: label[locale] }));
}

/** Colours by code, with the colour of any other code (e.g. the §4 order colours, light grey otherwise). */
export interface ColourMapping<Code extends string | number = string | number> {
  readonly colours: Readonly<Record<Code, string>>;
  readonly fallback: string;
}

/** The colour of a code for a chip or a badge; null, undefined and unknown codes take the fallback. */
export function statusColour<C extends string | number>(mapping: ColourMapping<C>, code: Code): string {
  if (code === null || code === undefined || code === '') return mapping.fallback;
  return (mapping.colours as Readonly<Record<string, string | undefined>>)[String(code)] ?? mapping.fallback;
}
