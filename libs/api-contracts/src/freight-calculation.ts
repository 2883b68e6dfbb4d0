// Issue 27 §1, freight templates: the one freight calculation (docs/merchant-centre.md "Freight templates").
// store-server's tester and the goods release picker's preview both call it, so the price a merchant previews
// is the price the server quotes. Pure: no I/O, integer cents and integer units in, integer cents out.

/** How a template measures a cart: 1 by pieces, 2 by weight (grams), 3 by volume (cubic centimetres). */
export const FREIGHT_PRICING = { count: 1, weight: 2, volume: 3 } as const;
export type FreightPricing = (typeof FREIGHT_PRICING)[keyof typeof FREIGHT_PRICING];

/** A free-shipping rule's threshold: 1 the cart's goods amount (cents), 2 the cart's piece count. */
export const FREIGHT_FREE_KIND = { amount: 1, count: 2 } as const;
export type FreightFreeKind = (typeof FREIGHT_FREE_KIND)[keyof typeof FREIGHT_FREE_KIND];

/** The first block and each additional block: units of the pricing measure and their price in cents. */
export interface FreightBlock {
  firstUnits: number;
  firstCents: number;
  additionalUnits: number;
  additionalCents: number;
}

/** A block for a group of regions (codes of the common city list: provinces, cities or districts). */
export interface FreightRegionGroup extends FreightBlock {
  regionCodes: string[];
}

/** Free shipping over a threshold, in the listed regions ([] = everywhere the template sells). */
export interface FreightFreeRule {
  regionCodes: string[];
  kind: FreightFreeKind;
  /** Cents (kind 1) or pieces (kind 2); the cart reaching it exactly ships free. */
  threshold: number;
}

export interface FreightRules {
  pricing: FreightPricing;
  /** Every region no group lists. */
  defaultBlock: FreightBlock;
  regionGroups: FreightRegionGroup[];
  freeRules: FreightFreeRule[];
  /** Regions the template does not sell to (with everything under them). */
  excludedRegions: string[];
}

/** One cart line: how many, at what unit price, and how heavy and large one piece is. */
export interface FreightCartLine {
  quantity: number;
  unitPriceCents: number;
  unitWeightGrams: number;
  unitVolumeCm3: number;
}

/** Which rule decided: the default block, a region group, a free-shipping rule or an excluded region. */
export interface FreightRuleRef {
  kind: 'default' | 'region' | 'free' | 'excluded';
  /** The group's or free rule's position in the template (0-based); null for the default and exclusions. */
  index: number | null;
  /** The listed code that matched the address (the address itself or a region above it); null for the default or an everywhere rule. */
  regionCode: string | null;
}

export interface FreightQuote {
  outcome: 'charged' | 'free' | 'notSold';
  /** null when the template does not sell to the address. */
  freightCents: number | null;
  /** The cart measured in the template's units (pieces, grams or cm³). */
  units: number;
  rule: FreightRuleRef;
}

/**
 * Where the address's region path (its own code first, then the region above it, up to the province) meets a
 * list of codes: the position of the most specific code listed, or -1.
 */
function matchDepth(codes: readonly string[], regionPath: readonly string[]): number {
  return regionPath.findIndex((code) => codes.includes(code));
}

/** The cart in the template's measure. */
export function cartUnits(pricing: FreightPricing, cart: readonly FreightCartLine[]): number {
  const per = (line: FreightCartLine) => (pricing === FREIGHT_PRICING.count ? 1 : pricing === FREIGHT_PRICING.weight ? line.unitWeightGrams : line.unitVolumeCm3);
  return cart.reduce((sum, line) => sum + line.quantity * per(line), 0);
}

/**
 * A block's price for `units`: a non-empty cart pays the first block, then one additional block for every
 * started `additionalUnits` beyond it (a part block is charged whole). All integers, so never a part cent.
 */
export function blockCents(block: FreightBlock, units: number): number {
  const beyond = Math.max(0, units - block.firstUnits);
  return block.firstCents + Math.ceil(beyond / block.additionalUnits) * block.additionalCents;
}

/**
 * The freight of `cart` to an address whose region path is `regionPath` (district, city, province):
 * 1. an excluded region on the path: not sold;
 * 2. an empty cart: nothing to ship, 0;
 * 3. the first free-shipping rule covering the address whose threshold the cart reaches: free;
 * 4. else the block of the group listing the most specific region on the path (the first such group when two
 *    list it — the save warns of that), or the default block.
 */
export function quoteFreight(rules: FreightRules, regionPath: readonly string[], cart: readonly FreightCartLine[]): FreightQuote {
  const units = cartUnits(rules.pricing, cart);
  const excludedAt = matchDepth(rules.excludedRegions, regionPath);
  if (excludedAt >= 0) return { outcome: 'notSold', freightCents: null, units, rule: { kind: 'excluded', index: null, regionCode: regionPath[excludedAt] ?? null } };

  let best: { index: number; depth: number } | undefined;
  rules.regionGroups.forEach((group, index) => {
    const depth = matchDepth(group.regionCodes, regionPath);
    if (depth >= 0 && (best === undefined || depth < best.depth)) best = { index, depth };
  });
  const blockRule: FreightRuleRef = best ? { kind: 'region', index: best.index, regionCode: regionPath[best.depth] ?? null } : { kind: 'default', index: null, regionCode: null };
  const pieces = cart.reduce((sum, line) => sum + line.quantity, 0);
  if (pieces === 0) return { outcome: 'charged', freightCents: 0, units, rule: blockRule };

  const amount = cart.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
  for (const [index, free] of rules.freeRules.entries()) {
    const depth = free.regionCodes.length === 0 ? 0 : matchDepth(free.regionCodes, regionPath);
    if (depth < 0) continue;
    const reached = free.kind === FREIGHT_FREE_KIND.amount ? amount >= free.threshold : pieces >= free.threshold;
    if (reached) return { outcome: 'free', freightCents: 0, units, rule: { kind: 'free', index, regionCode: free.regionCodes.length === 0 ? null : (regionPath[depth] ?? null) } };
  }
  const block = best ? (rules.regionGroups[best.index] as FreightRegionGroup) : rules.defaultBlock;
  return { outcome: 'charged', freightCents: blockCents(block, units), units, rule: blockRule };
}

/**
 * Codes a template lists more than once (in two groups, twice in one group, or in a group and among the
 * excluded regions), in the order first met: the save warns of each, since only one of the places can apply.
 */
export function duplicateRegions(rules: Pick<FreightRules, 'regionGroups' | 'excludedRegions'>): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const code of [...rules.regionGroups.flatMap((group) => group.regionCodes), ...rules.excludedRegions]) {
    if (seen.has(code)) twice.add(code);
    seen.add(code);
  }
  return [...twice];
}

/** The sample cart of the goods release picker's preview: two pieces of 1.5 kg, 20,000 cm³ and 100.00 yuan each. */
export const FREIGHT_SAMPLE_CART: readonly FreightCartLine[] = [{ quantity: 2, unitPriceCents: 10_000, unitWeightGrams: 1_500, unitVolumeCm3: 20_000 }];
