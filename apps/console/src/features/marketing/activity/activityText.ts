// How a campaign reads in the console: its title in the merchant's language (one title said in every language
// when it has no English one), its windows and its rules. Discounts travel as basis points (1 bp = 0.01 %).
import type { TFunction } from 'i18next';
import { formatSecondsTimestamp } from '@merchant/ui-kit';
import type { ActivityCampaignRow } from './api';

export const campaignTitle = (titles: { titleZh: string; titleEn: string | null }, language: string) => (language.startsWith('en') && titles.titleEn ? titles.titleEn : titles.titleZh);

export const windowText = (from: number, until: number) => `${formatSecondsTimestamp(from)} ~ ${formatSecondsTimestamp(until)}`;

/** 1000 → "10", 1250 → "12.5". */
export const percentOfBasisPoints = (bp: number) => String(bp / 100);

/** The highest activity price the campaign allows for a list price (the server's own rule): list × (1 − bp / 10,000), down to the cent. */
export const maxActivityPriceCents = (listPriceCents: number, minDiscountBp: number) => Math.floor((listPriceCents * (10_000 - minDiscountBp)) / 10_000);

/** "At least 10% off the list price · Categories: Tiles, Paint · At most 5 goods per application". */
export function rulesText(campaign: Pick<ActivityCampaignRow, 'minDiscountBp' | 'categoryIds' | 'maxGoods'>, t: TFunction, categoryName: (id: number) => string): string {
  return [
    t('activities.rules.discount', { percent: percentOfBasisPoints(campaign.minDiscountBp) }),
    campaign.categoryIds.length === 0 ? t('activities.rules.anyCategory') : t('activities.rules.categories', { names: campaign.categoryIds.map(categoryName).join(', ') }),
    t('activities.rules.maxGoods', { count: campaign.maxGoods }),
  ].join(' · ');
}
