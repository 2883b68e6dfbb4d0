import { createContext, useContext, type ReactNode } from 'react';
import { UiKitLocaleProvider, useUiKitLocale } from '../i18n/locale-context';
import type { UiKitLocale } from '../i18n/messages';

/** console-spec §9: layout sizes default, medium, small, mini (default medium). */
export const UI_KIT_SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type UiKitSize = (typeof UI_KIT_SIZES)[number];
export const DEFAULT_UI_KIT_SIZE: UiKitSize = 'medium';

const UiKitSizeContext = createContext<UiKitSize>(DEFAULT_UI_KIT_SIZE);
const UiKitCardsBelowContext = createContext<number | undefined>(undefined);

/** The search bar's own rules (console-spec §5), by code. */
export type SearchRuleCode = 'phoneOrLandline' | 'rangeIncomplete' | 'endBeforeStart';
/**
 * Says a search rule with a field's label in the current language. An app that writes its rules' texts
 * once (the console: its contracts' translator) passes it here; without it ui-kit uses its own texts.
 */
export type DescribeSearchRule = (rule: SearchRuleCode, label: string) => string;

const DescribeSearchRuleContext = createContext<DescribeSearchRule | undefined>(undefined);

export interface UiKitProviderProps {
  /** The console shell's global size setting; every table, pager and search bar follows it. */
  size?: UiKitSize;
  locale?: UiKitLocale;
  /** The app's texts of the search rules (DescribeSearchRule); inherited when absent. */
  describeSearchRule?: DescribeSearchRule;
  /**
   * A viewport width in px (e.g. the console's mobile breakpoint, console-spec §9: 992): below it every
   * DataTable of layout `auto` draws its rows as cards. Inherited when absent; none: always the grid.
   */
  cardsBelow?: number;
  children: ReactNode;
}

/** Global settings of every ui-kit component below it; the console shell mounts it once. */
export function UiKitProvider({ size, locale, describeSearchRule, cardsBelow, children }: UiKitProviderProps) {
  const inheritedLocale = useUiKitLocale();
  const inheritedCardsBelow = useContext(UiKitCardsBelowContext);
  const inheritedSize = useContext(UiKitSizeContext);
  const inheritedDescribe = useContext(DescribeSearchRuleContext);
  return (
    <UiKitLocaleProvider locale={locale ?? inheritedLocale}>
      <UiKitSizeContext.Provider value={size ?? inheritedSize}>
        <DescribeSearchRuleContext.Provider value={describeSearchRule ?? inheritedDescribe}>
          <UiKitCardsBelowContext.Provider value={cardsBelow ?? inheritedCardsBelow}>{children}</UiKitCardsBelowContext.Provider>
        </DescribeSearchRuleContext.Provider>
      </UiKitSizeContext.Provider>
    </UiKitLocaleProvider>
  );
}

/** The app's texts of the search rules, if it gave them (UiKitProvider). */
export function useDescribeSearchRule(): DescribeSearchRule | undefined {
  return useContext(DescribeSearchRuleContext);
}

/** The width below which DataTable draws cards (UiKitProvider `cardsBelow`), if the app set one. */
export function useUiKitCardsBelow(): number | undefined {
  return useContext(UiKitCardsBelowContext);
}

export function useUiKitSize(): UiKitSize {
  return useContext(UiKitSizeContext);
}

/** MUI controls come in two sizes: the two larger settings are 'medium', the two smaller 'small'. */
export function muiControlSize(size: UiKitSize): 'medium' | 'small' {
  return size === 'default' || size === 'medium' ? 'medium' : 'small';
}

/** DataGrid row density per size setting. */
export function gridDensity(size: UiKitSize): 'comfortable' | 'standard' | 'compact' {
  if (size === 'default') return 'comfortable';
  if (size === 'medium') return 'standard';
  return 'compact';
}
