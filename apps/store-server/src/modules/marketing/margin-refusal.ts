// The margin guard's refusals (docs/marketing.md "Margin guard"), one text for every place that asks it: a
// time-limited sale's, a group buy's and a platform activity's prices (10100001 on each offending price field),
// and an order whose coupon would take a line below its floor (10100005). Each names the SKU and its floor:
// "SKU 123 below its floor price ¥45.00" (the contracts' rule belowFloor, in zh-CN and en-US).
import { describeRuleProblem, type LocalizedText, type RuleProblem, type SupportedLanguage } from '@merchant/api-contracts';
import { STORE_CODES, StoreError } from '../../shared/store-error';
import type { MarginRefusal, MarginViolation } from './pricing';

/** One SKU below its floor, as a field problem (rule belowFloor: the SKU and its floor in cents). */
export const belowFloorProblem = (violation: MarginViolation): RuleProblem => ({ rule: 'belowFloor', limit: violation.floorUnitCents, values: [violation.skuId] });

/** The first violation of each SKU, in the refusal's SKU order (ascending). */
function perSku(refusal: MarginRefusal): MarginViolation[] {
  return refusal.skuIds.map((skuId) => refusal.violations.find((violation) => violation.skuId === skuId)!);
}

/** The refusal's sentence naming every SKU below its floor, in both languages. */
export function marginRefusalText(refusal: MarginRefusal): LocalizedText {
  const say = (language: SupportedLanguage) => perSku(refusal).map((violation) => describeRuleProblem(belowFloorProblem(violation), '', language)).join(language === 'zh-CN' ? '；' : '; ');
  return { 'zh-CN': say('zh-CN'), 'en-US': say('en-US') };
}

/** A problem on each offending price's field: `fieldOf` says where the SKU's price was typed (undefined: not in the form). */
export function marginFieldProblems(refusal: MarginRefusal | null, fieldOf: (skuId: number) => string | undefined): Array<{ field: string; problem: RuleProblem }> {
  if (!refusal) return [];
  return perSku(refusal).map((violation) => ({ field: fieldOf(violation.skuId) ?? '', problem: belowFloorProblem(violation) }));
}

/** 10100005: the order would sell the SKUs below their floors; errInfo.skuIds names them. */
export function marginRefused(refusal: MarginRefusal): StoreError {
  return new StoreError(STORE_CODES.notAllowedInCurrentState, marginRefusalText(refusal), { skuIds: refusal.skuIds });
}
