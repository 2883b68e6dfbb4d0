// The one form engine behind ResourceFormPage and ResourceFormDialog (issue 25): react-hook-form checked
// by the contract's schema (errors in the merchant's language, the first invalid field focused), the
// required marks, the save through the actions' context with an idempotency key, server field problems
// on their fields, the success notice, and the unsaved-changes question for leaving the screen or
// closing the dialog.
import { useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useForm, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { withPreparedValues } from './fields';
import { contractResolver, encodeProblem, fieldNameOf, problemText, requiredFieldNames } from './formErrors';
import { isIdempotentContract, newIdempotencyKey } from './idempotency';
import { serverProblemsOf } from './serverProblems';
import type { ResourceActionContext, ResourceFormDefinition } from './types';
import { useLeaveQuestion } from './useLeaveQuestion';

type Values = Record<string, unknown>;

export interface ResourceFormOptions<V extends Values> {
  /** The values the form starts from (the definition's defaults, or the loaded record). */
  initial: V;
  /** Edit mode: the record's id; the definition's `update` saves it. */
  id?: string | null;
  context: ResourceActionContext;
  /** i18n key of the success notice: 'saved successfully' on a page, 'modified successfully' in a dialog (§8); the definition's `successKey` wins. */
  successKey: string;
  /** After a save (notice shown, leaving allowed): the screen goes back to its list or closes. */
  onSaved(answer: unknown, checked: V): void;
  /** After the definition's `draft` save (notice shown, the form no longer has unsaved changes). */
  onDraftSaved?(answer: unknown): void;
}

export interface ResourceFormEngine {
  form: UseFormReturn<Values>;
  /** Names of the fields whose labels carry `*`. */
  required: ReadonlySet<string>;
  /** The form's submit handler: a second submit while one is on its way does nothing. */
  submit(event?: FormEvent): void;
  submitting: boolean;
  /** The form has changes that are not saved. */
  dirty: boolean;
  /** Problems on no field of the form (a rule on the whole form, a server problem on another path), in words. */
  formProblems: readonly string[];
  /** Closes at once without changes, else asks first. */
  requestClose(close: () => void): void;
  /** The unsaved-changes question (leaving the screen, closing the dialog): render it beside the form. */
  question: ReactNode;
  /** Saves the values as they are with the definition's `draft` (no check by the schema); nothing while a save is on its way. */
  saveDraft(): void;
  savingDraft: boolean;
  /** Lets the next navigation through without asking (a screen that moves on after a draft save). */
  allowLeave(): void;
}

/** Every values field a definition draws (a date range holds two). */
export const formFieldNames = (definition: Pick<ResourceFormDefinition<Values>, 'fields'>): Set<string> =>
  new Set(definition.fields.flatMap((field) => (field.endName ? [field.name, field.endName] : [field.name])));

/** A cell of a 'lines' field (`lines.0.quantity`): its problems go on the cell. */
const isLineCell = (fields: ResourceFormDefinition<Values>['fields'], name: string): boolean => {
  const cell = /^(.+)\.\d+\.([^.]+)$/.exec(name);
  return Boolean(cell && fields.some((field) => field.kind === 'lines' && field.name === cell[1] && field.lines?.columns.some((column) => column.name === cell[2])));
};

/** The definition's fromWirePath for the schema's own issues (a problem on `avatar.objectKey` is the `avatar` field's). */
const clientPathMapper = (fromWirePath: ((path: string) => string) | undefined) =>
  fromWirePath ? (path: PropertyKey[]) => pathSegments(fromWirePath(path.map(String).join('.'))) : undefined;

/** A wire path as a form path: index segments as numbers (`lines.0.quantity` → ['lines', 0, 'quantity']). */
const pathSegments = (path: string): PropertyKey[] => (path === '' ? [] : path.split('.').map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment)));

interface OutsideProblem {
  /** The problem as a form keeps it (encodeProblem). */
  message: string;
  /** The wire field it was found on. */
  field: string;
}

export function useResourceForm<V extends Values>(definition: ResourceFormDefinition<V>, options: ResourceFormOptions<V>): ResourceFormEngine {
  const { t, i18n } = useTranslation();
  // The kinds' values prepared as they are sent (rich text sanitised), then checked as the biz the contract takes.
  const resolver = useMemo(
    () => withPreparedValues(definition.fields, contractResolver<Values>(definition.schema, definition.toBiz as ((values: Values) => unknown) | undefined, clientPathMapper(definition.fromWirePath))),
    [definition],
  );
  const form = useForm<Values>({ defaultValues: options.initial, resolver, shouldFocusError: true });
  const required = useMemo(() => requiredFieldNames(definition.schema, definition.fields), [definition]);
  const names = useMemo(() => formFieldNames(definition), [definition]);
  const [saved, setSaved] = useState(false);
  const [savingDraft, setSavingDraft] = useState(false);
  const [outside, setOutside] = useState<OutsideProblem[]>([]);
  /** The definition's words for the last refused save (describeFailure). */
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const dirty = form.formState.isDirty && !saved;
  // A refusal with field problems is said on the fields (showServerProblems); the definition's words are for the rest.
  const failureText = (error: unknown) => (serverProblemsOf(error).length > 0 ? undefined : definition.describeFailure?.(error, t));
  const leave = useLeaveQuestion(dirty);
  // handleSubmit does not stop a second click before the button re-renders disabled; this does.
  const inFlight = useRef(false);
  // One key per intended change: a retry of the same biz (after a lost answer) reuses it, other values get a new one.
  const attempt = useRef<{ biz: string; key: string } | null>(null);
  const { id, context, successKey, onSaved } = options;

  const keyFor = (biz: unknown): string => {
    const snapshot = JSON.stringify(biz);
    if (attempt.current?.biz !== snapshot) attempt.current = { biz: snapshot, key: newIdempotencyKey() };
    return attempt.current.key;
  };

  /** Server problems on their fields (the first focused); the others listed on the form. */
  const showServerProblems = (error: unknown) => {
    const rest: OutsideProblem[] = [];
    let first = true;
    for (const { field: path, problem } of serverProblemsOf(error)) {
      const message = encodeProblem({ ...problem, field: fieldNameOf(pathSegments(path)) });
      const name = definition.fromWirePath ? definition.fromWirePath(path) : path;
      if (!names.has(name) && !isLineCell(definition.fields, name)) {
        rest.push({ message, field: path });
        continue;
      }
      form.setError(name, { type: problem.rule, message }, { shouldFocus: first });
      first = false;
    }
    setOutside(rest);
  };

  const save = async (checked: Values) => {
    setOutside([]);
    setFailure(undefined);
    const editing = Boolean(id && definition.update);
    const target = editing ? definition.update! : definition.create;
    const values = checked as V;
    const biz = editing ? definition.update!.toBiz(values, id!) : definition.create.toBiz ? definition.create.toBiz(values) : values;
    const arg = isIdempotentContract(target.contract) ? { ...(biz as Values), idempotencyKey: keyFor(biz) } : biz;
    let answer: unknown;
    try {
      answer = await context.mutate(target.endpoint, arg as never);
    } catch (error) {
      // The server msg was shown once by the baseQuery (§8); its field problems go on the fields.
      showServerProblems(error);
      setFailure(failureText(error));
      throw error;
    }
    attempt.current = null;
    setSaved(true);
    leave.allowLeave();
    const notice = definition.successKey === undefined ? successKey : definition.successKey;
    if (notice !== null) context.succeeded(notice);
    onSaved(answer, values);
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    void form
      .handleSubmit(save)(event)
      .catch(() => undefined)
      .finally(() => {
        inFlight.current = false;
      });
  };

  const saveDraft = () => {
    const draft = definition.draft;
    if (!draft || inFlight.current) return;
    inFlight.current = true;
    setSavingDraft(true);
    setOutside([]);
    setFailure(undefined);
    form.clearErrors();
    const values = form.getValues() as V;
    const biz = draft.toBiz(values);
    const arg = isIdempotentContract(draft.contract) ? { ...(biz as Values), idempotencyKey: keyFor(biz) } : biz;
    void context
      .mutate(draft.endpoint, arg as never)
      .then(
        (answer) => {
          attempt.current = null;
          // Kept on the server: no unsaved changes until the next edit.
          form.reset(values);
          context.succeeded(draft.successKey);
          options.onDraftSaved?.(answer);
        },
        (error: unknown) => {
          showServerProblems(error);
          setFailure(failureText(error));
        },
      )
      .finally(() => {
        inFlight.current = false;
        setSavingDraft(false);
      });
  };

  // A problem off the form's fields is said with the label of a field of the same name, else its wire name.
  const labelOf = (path: string) => {
    const name = fieldNameOf(pathSegments(path));
    const known = definition.fields.find((candidate) => candidate.name === name);
    return known ? t(known.labelKey) : name;
  };
  const formProblems = [
    ...[...clientFormProblems(form.formState.errors, names), ...outside].map(({ message, field }) => problemText(i18n, message, labelOf(field))),
    failure,
  ].filter((text): text is string => Boolean(text));

  return {
    form,
    required,
    submit,
    submitting: form.formState.isSubmitting,
    dirty,
    formProblems,
    requestClose: leave.requestClose,
    question: leave.question,
    saveDraft,
    savingDraft,
    allowLeave: leave.allowLeave,
  };
}

/** Client-side errors no field shows: a rule on the whole form (`root`), or a path that is no drawn field. */
function clientFormProblems(errors: FieldErrors<Values>, names: ReadonlySet<string>): OutsideProblem[] {
  return Object.entries(errors)
    .filter(([name]) => !names.has(name))
    .map(([name, error]) => ({ field: name === 'root' ? '' : name, message: typeof error?.message === 'string' ? error.message : '' }))
    .filter((problem) => problem.message !== '');
}
