// Settings of the signed-in screens: ui-kit follows the console's language and size setting, says its
// search rules with the contracts' texts, and
// PermissionButton / ActionButtons read the user's §6 permission codes. Mounted once by the layout
// (AppShell), so the sign-in page does not load ui-kit; a public screen that uses ui-kit mounts it too.
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeRuleProblem } from '@merchant/api-contracts';
import { UiKitProvider, type DescribeSearchRule } from '@merchant/ui-kit';
import { useAppSelector } from './hooks';
import { DEFAULT_LANGUAGE, isConsoleLanguage } from './i18n';
import { ConsolePermissionProvider } from '../features/auth/permissions';
import { MOBILE_BREAKPOINT } from '../layout/layoutConstants';

export function ShellProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const size = useAppSelector((state) => state.layout.size);
  const locale = isConsoleLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  // The search bars' §5 rules said by the contracts' one translator, like every form error.
  const describeSearchRule = useCallback<DescribeSearchRule>((rule, label) => describeRuleProblem({ rule }, label, locale), [locale]);
  return (
    // Below §9's mobile breakpoint every list draws its rows as cards (issue 35 §10).
    <UiKitProvider locale={locale} size={size} describeSearchRule={describeSearchRule} cardsBelow={MOBILE_BREAKPOINT}>
      <ConsolePermissionProvider>{children}</ConsolePermissionProvider>
    </UiKitProvider>
  );
}
