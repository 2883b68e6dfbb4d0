import { deskCardAttach, deskCardOf, type DeskCard } from './desk-cards';

describe('support desk cards', () => {
  const order: DeskCard = { kind: 'order', orderId: 42, orderNo: 'SO20261207001', status: 2, amountCents: 12_345, itemCount: 3 };
  const goods: DeskCard = { kind: 'goods', goodsId: 7, title: 'Oak chair <b>' };

  it('puts a readable title and text beside the card, and reads the card back as sent', () => {
    const attach = deskCardAttach(order, { title: 'Order SO20261207001', text: 'Paid · ¥123.45 · 3 items' });
    expect(JSON.parse(attach)).toEqual({ title: 'Order SO20261207001', text: 'Paid · ¥123.45 · 3 items', deskCard: order });
    expect(deskCardOf(attach)).toEqual(order);
    expect(deskCardOf(deskCardAttach(goods, { title: 'Oak chair <b>', text: '' }))).toEqual(goods);
  });

  it('refuses to build a card that breaks its rules', () => {
    expect(() => deskCardAttach({ ...order, orderId: 0 }, { title: 't', text: '' })).toThrow();
    expect(() => deskCardAttach({ ...goods, title: '' } as DeskCard, { title: 't', text: '' })).toThrow();
    expect(() => deskCardAttach({ ...order, amountCents: 1.5 }, { title: 't', text: '' })).toThrow();
  });

  it.each([
    ['no attach', undefined],
    ['not JSON', '{oops'],
    ['JSON without a card', JSON.stringify({ title: 'Hello', text: 'a custom message' })],
    ['an unknown kind', JSON.stringify({ deskCard: { kind: 'coupon', couponId: 1 } })],
    ['a negative amount', JSON.stringify({ deskCard: { ...order, amountCents: -1 } })],
    ['a string id', JSON.stringify({ deskCard: { ...goods, goodsId: '7' } })],
    ['a title past the limit', JSON.stringify({ deskCard: { ...goods, title: 'x'.repeat(201) } })],
    ['a JSON array', '[1,2]'],
  ])('reads no card from %s', (_label, attach) => {
    expect(deskCardOf(attach)).toBeUndefined();
  });
});
