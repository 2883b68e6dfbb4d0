// The carriers a merchant picks from when shipping (our list: the spec names none). The wire carries the
// code, so a shipment reads the same in every language; a carrier text the list does not know (an older
// record, another client) is shown as it was written.
import type { LocalizedText } from '@merchant/api-contracts';

export interface Carrier {
  code: string;
  name: LocalizedText;
}

export const CARRIERS: readonly Carrier[] = [
  { code: 'SF', name: { 'zh-CN': '顺丰速运', 'en-US': 'SF Express' } },
  { code: 'ZTO', name: { 'zh-CN': '中通快递', 'en-US': 'ZTO Express' } },
  { code: 'YTO', name: { 'zh-CN': '圆通速递', 'en-US': 'YTO Express' } },
  { code: 'STO', name: { 'zh-CN': '申通快递', 'en-US': 'STO Express' } },
  { code: 'YUNDA', name: { 'zh-CN': '韵达速递', 'en-US': 'Yunda Express' } },
  { code: 'JD', name: { 'zh-CN': '京东物流', 'en-US': 'JD Logistics' } },
  { code: 'JTEXPRESS', name: { 'zh-CN': '极兔速递', 'en-US': 'J&T Express' } },
  { code: 'EMS', name: { 'zh-CN': '中国邮政 EMS', 'en-US': 'China Post EMS' } },
  { code: 'DEPPON', name: { 'zh-CN': '德邦快递', 'en-US': 'Deppon Express' } },
];

type Locale = keyof LocalizedText;

const normalize = (text: string) => text.toLowerCase().replace(/[\s_\-&]/g, '');
const BY_TEXT: ReadonlyMap<string, string> = new Map(CARRIERS.flatMap((carrier) => [carrier.code, ...Object.values(carrier.name)].map((text) => [normalize(text), carrier.code] as const)));

/** The carrier a text names (its code, or its name in either language), or undefined. */
export function carrierCodeOf(text: string): string | undefined {
  return BY_TEXT.get(normalize(text));
}

/** A carrier's name in the merchant's language (the value may be its code or its name in either language); an unknown value as written. */
export function carrierName(value: string, locale: Locale): string {
  const code = carrierCodeOf(value);
  return CARRIERS.find((carrier) => carrier.code === code)?.name[locale] ?? value;
}
