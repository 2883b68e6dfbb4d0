import { sql, type Kysely } from 'kysely';

/**
 * Per-store, per-status order counts (docs/orders.md "Order counts"): the order list's total when it has no
 * filter but the status tab, and queryStoreOrderCount without a window, read one row per status instead of
 * counting a store's orders (a sequential scan of a million of them).
 *
 * Kept by triggers on store_order, so every writer keeps them exact in its own transaction: the orders
 * module's moves, after-sales' refundInFull, the demo seed's multi-row inserts, tests' and benches' raw
 * inserts. Statement-level triggers with transition tables: one multi-row statement (1M generated rows, the
 * seed's 520) adds its net change per (store, status) once, not once per row. An update whose status does not
 * change (order_no, updated_at, refunded_cents) nets to nothing and writes nothing. Unpaid orders (status 0,
 * the buyer's cart) are not counted: no list or count shows them, and placing an order then touches no
 * count row. Counts rows are upserted in (store_id, status) order, so two statements lock them in one order.
 * TRUNCATE store_order (tests) empties the counts too.
 *
 * The existing orders are counted here (backfill), under a share lock on store_order so no order is written
 * between the count and the trigger's creation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    lock table store_order in share mode;

    create table store_order_status_count (
      store_id integer not null,
      status smallint not null,
      -- No check (order_count >= 0): PostgreSQL checks an upsert's proposed row before it finds the conflict,
      -- so the negative change of an existing row would be refused.
      order_count bigint not null,
      primary key (store_id, status)
    );

    insert into store_order_status_count (store_id, status, order_count)
      select store_id, status, count(*) from store_order where status <> 0 group by store_id, status;

    create function store_order_status_count_apply() returns trigger language plpgsql
    set search_path from current as $fn$
    begin
      if tg_op = 'INSERT' then
        insert into store_order_status_count as c (store_id, status, order_count)
          select store_id, status, count(*) from store_order_new where status <> 0
          group by store_id, status order by store_id, status
          on conflict (store_id, status) do update set order_count = c.order_count + excluded.order_count;
      elsif tg_op = 'DELETE' then
        update store_order_status_count c set order_count = c.order_count - d.n
          from (select store_id, status, count(*) as n from store_order_old where status <> 0
                group by store_id, status order by store_id, status) d
          where c.store_id = d.store_id and c.status = d.status;
      else
        insert into store_order_status_count as c (store_id, status, order_count)
          select store_id, status, sum(delta) from (
            select store_id, status, -1 as delta from store_order_old where status <> 0
            union all
            select store_id, status, 1 as delta from store_order_new where status <> 0
          ) moved
          group by store_id, status having sum(delta) <> 0 order by store_id, status
          on conflict (store_id, status) do update set order_count = c.order_count + excluded.order_count;
      end if;
      return null;
    end
    $fn$;

    create function store_order_status_count_truncate() returns trigger language plpgsql
    set search_path from current as $fn$
    begin
      delete from store_order_status_count;
      return null;
    end
    $fn$;

    create trigger store_order_status_count_insert after insert on store_order
      referencing new table as store_order_new for each statement execute function store_order_status_count_apply();
    create trigger store_order_status_count_update after update on store_order
      referencing old table as store_order_old new table as store_order_new for each statement execute function store_order_status_count_apply();
    create trigger store_order_status_count_delete after delete on store_order
      referencing old table as store_order_old for each statement execute function store_order_status_count_apply();
    create trigger store_order_status_count_truncate after truncate on store_order
      for each statement execute function store_order_status_count_truncate();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger store_order_status_count_truncate on store_order;
    drop trigger store_order_status_count_delete on store_order;
    drop trigger store_order_status_count_update on store_order;
    drop trigger store_order_status_count_insert on store_order;
    drop function store_order_status_count_truncate();
    drop function store_order_status_count_apply();
    drop table store_order_status_count;
  `.execute(db);
}
