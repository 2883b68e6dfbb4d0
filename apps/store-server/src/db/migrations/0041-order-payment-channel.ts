import { sql, type Kysely } from 'kysely';

/**
 * The payment channel of an order (console-spec §8, docs/trade.md): the app it was paid in (1 decoration,
 * 2 craftsman, 3 merchant, 4 mini-program) and the payment method (BALANCE, ALIPAY_APP, TENPAY). Codes are kept
 * as received, unknown ones included: the console shows §8's 'unmatched' fallbacks for them.
 *
 * The buyer side is a simulator (docs/orders.md "Buyer side"): its pay call may state the channel; an order paid
 * without one (the demo seed, the simulators, group-buy and flash-sale payments) gets one derived from its id by
 * the trigger below, so the demo shows every channel and, now and then, both fallbacks. Rows paid before this
 * migration get theirs the same way.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table store_order add column pay_method text, add column pay_app smallint`.execute(db);
  await sql`
    create function store_order_default_payment_channel() returns trigger language plpgsql as $$
    begin
      if new.paid_at is not null and new.pay_method is null then
        new.pay_method := case when new.id % 17 = 0 then 'UNIONPAY' else (array['ALIPAY_APP', 'TENPAY', 'BALANCE'])[new.id % 3 + 1] end;
      end if;
      if new.paid_at is not null and new.pay_app is null then
        new.pay_app := case when new.id % 19 = 0 then 9 else new.id % 4 + 1 end;
      end if;
      return new;
    end
    $$
  `.execute(db);
  await sql`
    create trigger store_order_payment_channel before insert or update of paid_at on store_order
    for each row execute function store_order_default_payment_channel()
  `.execute(db);
  // Fires the trigger on the rows paid before it existed.
  await sql`update store_order set paid_at = paid_at where paid_at is not null`.execute(db);
  // tradeOrder: a store's payments, newest first.
  await sql`create index store_order_paid on store_order (store_id, paid_at desc, id desc) where paid_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index store_order_paid`.execute(db);
  await sql`drop trigger store_order_payment_channel on store_order`.execute(db);
  await sql`drop function store_order_default_payment_channel()`.execute(db);
  await sql`alter table store_order drop column pay_method, drop column pay_app`.execute(db);
}
