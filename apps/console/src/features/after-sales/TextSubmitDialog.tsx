// One text the merchant sends and cannot take back: the reason for rejecting a refund, the response to a
// complaint, the reply to a review. A kit form dialog with one textarea: the field is the contract's own
// biz field, checked by the call's schema (what store-server refuses, the form refuses, in the merchant's
// language, with 'n / limit' under it); a refusal from the server shows in place and the dialog stays
// open with the text.
import { useMemo, type ReactNode } from 'react';
import type { z } from 'zod';
import { AFTER_SALES_LIMITS, refundRejectBiz, replyEvaluationBiz, respondComplaintBiz } from '@merchant/api-contracts';
import { ResourceFormDialog, defineResourceForm, type ResourceActionContext, type ResourceMutationEndpoint } from '../../resource-kit';
import { afterSalesApi } from './api';
import { afterSalesErrorText, type AfterSalesCall } from './errorText';

interface TextCall {
  /** The contract's biz, the biz field that holds the text, and its length limit. */
  schema: z.ZodType;
  field: string;
  max: number;
  endpoint: ResourceMutationEndpoint<never>;
  call: AfterSalesCall;
  /** i18n key of the notice after it was sent. */
  successKey: string;
  /** Cannot be taken back and ends the request: the button in the error colour. */
  destructive?: boolean;
}

const api = afterSalesApi.endpoints;

/** The texts, by the i18n group of their words (`afterSales.<kind>.title / hint / submit / <field>`). */
const TEXT_CALLS = {
  reject: { schema: refundRejectBiz, field: 'reason', max: AFTER_SALES_LIMITS.reasonMax, endpoint: api.rejectRefund as never, call: 'refundAction', successKey: 'afterSales.notice.rejected', destructive: true },
  respond: { schema: respondComplaintBiz, field: 'content', max: AFTER_SALES_LIMITS.responseMax, endpoint: api.respondComplaint as never, call: 'respond', successKey: 'afterSales.notice.responded' },
  reply: { schema: replyEvaluationBiz, field: 'content', max: AFTER_SALES_LIMITS.replyMax, endpoint: api.replyEvaluation as never, call: 'reply', successKey: 'afterSales.notice.replied' },
} satisfies Record<string, TextCall>;

export type TextCallKind = keyof typeof TEXT_CALLS;

export interface TextSubmitDialogProps {
  kind: TextCallKind;
  /** The rest of the biz: the record's id. */
  fixed: Record<string, number>;
  context: ResourceActionContext;
  onClose: () => void;
  /** What is being answered (the review), shown above the text field. */
  subject?: ReactNode;
}

export function TextSubmitDialog({ kind, fixed, context, onClose, subject }: TextSubmitDialogProps) {
  const text: TextCall = TEXT_CALLS[kind];
  const words = `afterSales.${kind}`;
  const definition = useMemo(
    () =>
      defineResourceForm<Record<string, string>>({
        schema: text.schema,
        fields: [{ name: text.field, labelKey: `${words}.${text.field}`, kind: 'textarea', counter: text.max }],
        defaults: { [text.field]: '' },
        toBiz: (values) => ({ ...fixed, ...values }),
        create: { endpoint: text.endpoint },
        successKey: text.successKey,
        describeFailure: (error, t) => afterSalesErrorText(t, text.call, error),
      }),
    [text, words, fixed],
  );
  return <ResourceFormDialog definition={definition} titleKey={`${words}.title`} hintKey={`${words}.hint`} submitKey={`${words}.submit`} destructive={text.destructive} context={context} onClose={onClose} subject={subject} />;
}
