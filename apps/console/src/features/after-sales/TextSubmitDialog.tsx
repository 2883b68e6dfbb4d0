// One text the merchant sends and cannot take back: the reason for rejecting a refund, the response to a
// complaint, the reply to a review. A kit form dialog with one textarea: the field is the contract's own
// biz field, checked by the call's schema (what store-server refuses, the form refuses, in the merchant's
// language, with 'n / limit' under it); a refusal from the server shows in place and the dialog stays
// open with the text.
import { useMemo } from 'react';
import type { z } from 'zod';
import { ResourceFormDialog, defineResourceForm, type ResourceActionContext, type ResourceMutationEndpoint } from '../../resource-kit';
import { afterSalesErrorText, type AfterSalesCall } from './errorText';

export interface TextSubmitDialogProps<Biz> {
  titleKey: string;
  hintKey: string;
  labelKey: string;
  submitKey: string;
  /** The contract's biz schema, the biz field that holds the text, and its length limit. */
  schema: z.ZodType;
  field: string;
  max: number;
  /** The rest of the biz (the record's id). */
  fixed: Partial<Biz>;
  endpoint: ResourceMutationEndpoint<Biz>;
  call: AfterSalesCall;
  /** i18n key of the notice after it was sent. */
  successKey: string;
  context: ResourceActionContext;
  onClose: () => void;
  destructive?: boolean;
}

export function TextSubmitDialog<Biz>({ titleKey, hintKey, labelKey, submitKey, schema, field, max, fixed, endpoint, call, successKey, context, onClose, destructive }: TextSubmitDialogProps<Biz>) {
  const definition = useMemo(
    () =>
      defineResourceForm<Record<string, string>>({
        schema,
        fields: [{ name: field, labelKey, kind: 'textarea', counter: max }],
        defaults: { [field]: '' },
        toBiz: (values) => ({ ...fixed, ...values }),
        create: { endpoint: endpoint as ResourceMutationEndpoint<never> },
        successKey,
        describeFailure: (error, t) => afterSalesErrorText(t, call, error),
      }),
    [schema, field, labelKey, max, fixed, endpoint, successKey, call],
  );
  return <ResourceFormDialog definition={definition} titleKey={titleKey} hintKey={hintKey} submitKey={submitKey} destructive={destructive} context={context} onClose={onClose} />;
}
