// console-spec §7 after-sales calls: refunds, complaints (disputes) and evaluations (issue 11, docs/orders.md).
export const afterSalesEndpoints = {} as const;
