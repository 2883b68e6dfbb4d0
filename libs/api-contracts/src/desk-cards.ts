// Support desk cards (issue 32, docs/im-frame.md "Support desk"): an order or a goods item the merchant sends into a
// customer's conversation as a custom message. Its attach is JSON `{ title, text, deskCard }`: any client shows the
// title and text it was sent with (the customer's app, an older frame), and ours reads `deskCard` to draw the card in
// the reader's language with its action. Written once here for the frame that sends and the frame that reads.
// zod/mini only, as frame-protocol.ts: the frame bundles this file.
import * as z from 'zod/mini';

/** Characters of a card's order number or goods title (store-server's own limits are shorter). */
export const DESK_CARD_TEXT_MAX = 200;

const positiveId = z.int().check(z.positive());
const wholeNumber = z.int().check(z.gte(0));
const cardText = z.string().check(z.minLength(1), z.maxLength(DESK_CARD_TEXT_MAX));

const orderCard = z.object({
  kind: z.literal('order'),
  orderId: positiveId,
  orderNo: cardText,
  /** ORDER_STATUS_LABELS' code when the card was sent. */
  status: z.int(),
  amountCents: wholeNumber,
  itemCount: wholeNumber,
});
const goodsCard = z.object({
  kind: z.literal('goods'),
  goodsId: positiveId,
  title: cardText,
});

export const deskCardSchema = z.discriminatedUnion('kind', [orderCard, goodsCard]);
export type DeskCard = z.output<typeof deskCardSchema>;

/** The custom message's attach for a card: what any client shows (title, text), and the card itself. */
export function deskCardAttach(card: DeskCard, shown: { title: string; text: string }): string {
  return JSON.stringify({ title: shown.title, text: shown.text, deskCard: deskCardSchema.parse(card) });
}

/** The card a custom message's attach carries, or undefined (not JSON, no card, or a card that breaks the schema). */
export function deskCardOf(attach: string | undefined): DeskCard | undefined {
  if (!attach) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(attach);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const parsed = deskCardSchema.safeParse((value as { deskCard?: unknown }).deskCard);
  return parsed.success ? parsed.data : undefined;
}
