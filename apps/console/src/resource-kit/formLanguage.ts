// The console's language as the contracts name it, for the rule translator (formErrors, searchRanges).
import type { i18n as I18n } from 'i18next';
import { pickLanguage, type SupportedLanguage } from '@merchant/api-contracts';

export const formLanguage = (i18n: Pick<I18n, 'language'>): SupportedLanguage => pickLanguage(i18n.language);
