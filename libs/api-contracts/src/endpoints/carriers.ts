// The carriers a merchant ships with (our list: the spec names none), the one source for both sides: the
// console offers them, shipOrderBiz accepts only them (docs/orders.md "Carriers"), and store-server keeps the
// code, so a shipment reads the same in every language. A text the list does not know (a record from before
// the list was enforced) is shown as it was written.
import type { LocalizedText } from '../languages';

export interface Carrier {
  code: string;
  name: LocalizedText;
}

export const CARRIERS = [
  { code: 'SF', name: { 'zh-CN': '顺丰速运', 'en-US': 'SF Express' } },
  { code: 'ZTO', name: { 'zh-CN': '中通快递', 'en-US': 'ZTO Express' } },
  { code: 'YTO', name: { 'zh-CN': '圆通速递', 'en-US': 'YTO Express' } },
  { code: 'STO', name: { 'zh-CN': '申通快递', 'en-US': 'STO Express' } },
  { code: 'YUNDA', name: { 'zh-CN': '韵达速递', 'en-US': 'Yunda Express' } },
  { code: 'JD', name: { 'zh-CN': '京东物流', 'en-US': 'JD Logistics' } },
  { code: 'JTEXPRESS', name: { 'zh-CN': '极兔速递', 'en-US': 'J&T Express' } },
  { code: 'EMS', name: { 'zh-CN': '中国邮政 EMS', 'en-US': 'China Post EMS' } },
  { code: 'DEPPON', name: { 'zh-CN': '德邦快递', 'en-US': 'Deppon Express' } },
] as const satisfies readonly Carrier[];

/** A carrier's code as stored and sent. */
export type CarrierCode = (typeof CARRIERS)[number]['code'];

type Locale = keyof LocalizedText;

const normalize = (text: string) => text.toLowerCase().replace(/[\s_\-&]/g, '');
const BY_TEXT: ReadonlyMap<string, CarrierCode> = new Map(
  CARRIERS.flatMap((carrier) => [carrier.code, ...Object.values(carrier.name)].map((text) => [normalize(text), carrier.code] as const)),
);

/** The carrier a text names (its code, or its name in either language, ignoring case, spaces and -_&), or undefined. */
export function carrierCodeOf(text: string): CarrierCode | undefined {
  return BY_TEXT.get(normalize(text));
}

/** A carrier's name in the merchant's language (the value may be its code or its name in either language); an unknown value as written. */
export function carrierName(value: string, locale: Locale): string {
  const code = carrierCodeOf(value);
  return CARRIERS.find((carrier) => carrier.code === code)?.name[locale] ?? value;
}

/** The codes of the listed carriers, named by the 'carrier' rule when a value is not one of them. */
export const CARRIER_CODES: readonly CarrierCode[] = CARRIERS.map((carrier) => carrier.code);
