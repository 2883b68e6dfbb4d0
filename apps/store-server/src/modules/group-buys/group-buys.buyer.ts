import { mobileField, rule } from '@merchant/api-contracts';
import { z } from 'zod';

// The buyer side's inputs (docs/marketing.md "Group buying"): start a team, or join one, with the order to place.
const positiveId = () => z.coerce.number().int().positive();
const required = (max: number) => z.string().trim().min(1).max(max);

const orderShape = {
  storeId: positiveId(),
  activityId: positiveId(),
  buyerAccid: required(64),
  buyerName: required(30),
  buyerPhone: mobileField,
  receiver: z.object({ name: required(30), phone: mobileField, address: required(200) }),
  items: z
    .array(z.object({ skuId: positiveId(), quantity: z.number().int().min(1).max(999) }))
    .min(1)
    .max(20)
    .refine((lines) => new Set(lines.map((line) => line.skuId)).size === lines.length, rule('distinct')),
  couponId: positiveId().optional(),
};

export const startTeamSchema = z.object(orderShape);
export const joinTeamSchema = z.object({ ...orderShape, teamId: positiveId() });

export type StartTeamInput = z.output<typeof startTeamSchema>;
export type JoinTeamInput = z.output<typeof joinTeamSchema>;
