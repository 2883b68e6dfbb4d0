import { z } from 'zod';
import { allEndpoints } from './endpoints';
import { ID_FIELDS, idFieldPaths, OWNED_RESOURCE_KINDS, ownedIdFields } from './owned-ids';

describe('ID_FIELDS (issue 34 §3): every id a call takes is declared with its kind', () => {
  it('reads id fields through objects, arrays, optionals, defaults and transforms', () => {
    const biz = z.object({
      goodsId: z.coerce.number().optional(),
      rows: z.array(z.object({ orderId: z.number(), note: z.string() })).min(1),
      video: z.object({ fileId: z.number() }).nullable(),
      fileIdList: z.array(z.number()).default([]),
      id: z.number().pipe(z.number()),
      ideas: z.string(),
      orderNo: z.string().optional(),
      casino: z.boolean(),
      paid: z.boolean(),
    });
    expect(idFieldPaths(biz)).toEqual(['fileIdList', 'goodsId', 'id', 'orderNo', 'rows[].orderId', 'video.fileId']);
  });

  it('declares exactly the id fields of every contract, and nothing for a path no contract has', () => {
    const problems: string[] = [];
    for (const contract of allEndpoints) {
      const derived = idFieldPaths(contract.biz);
      const declared = Object.keys(ID_FIELDS[contract.path] ?? {}).sort();
      if (derived.join() !== declared.join()) {
        problems.push(`${contract.path}: its biz has id fields [${derived.join(', ')}] but ID_FIELDS declares [${declared.join(', ')}]; declare each with target/filter/platform/external and its kind in libs/api-contracts/src/owned-ids.ts`);
      }
    }
    const paths = new Set(allEndpoints.map((contract) => contract.path));
    for (const path of Object.keys(ID_FIELDS)) if (!paths.has(path)) problems.push(`${path}: in ID_FIELDS but no contract has this path`);
    expect(problems).toEqual([]);
  });

  it('names only known kinds, and every owned kind is taken by some call', () => {
    const used = new Set(allEndpoints.flatMap((contract) => ownedIdFields(contract.path).map(([, use]) => use.kind)));
    expect([...used].sort()).toEqual([...OWNED_RESOURCE_KINDS].sort());
  });
});
