// The form engine's behaviours on both of its screens (issue 25 part 2), a page and a dialog drawn from
// one definition inside the console against the fake store server: required marks, the first invalid
// field focused, server problems on their fields, one change per submit (idempotency key), the success
// notice, and the unsaved-changes question.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { z } from 'zod';
import { STORE_CODES, mobileField, type WireProblem } from '@merchant/api-contracts';
import { createFakeStoreServer, ok, type Envelope } from '../../test/fakeStoreServer';
import { FORM_TEST_PATH, OPEN_DIALOG, formTestSave, renderResourceForm } from './resourceForm.testing';
import { Link } from 'react-router';
import { consoleApi } from '../app/api';
import { contractMutation } from './contractEndpoint';
import { ResourceFormFields } from './ResourceFormFields';
import { defineResourceForm, type ResourceFormField } from './types';
import { useResourceActions } from './useResourceActions';
import { useResourceForm } from './useResourceForm';

jest.setTimeout(60_000);

type Values = { name: string; mobile: string; remark: string };

function contactForm({ idempotent = false, fields = {} }: { idempotent?: boolean; fields?: Partial<Record<keyof Values, Partial<ResourceFormField>>> } = {}) {
  return defineResourceForm<Values>({
    schema: z.object({ name: z.string().trim().min(1).max(20), mobile: mobileField, remark: z.string().max(200).default('') }),
    defaults: { name: '', mobile: '', remark: '' },
    fields: [
      { name: 'name', labelKey: 'formTest.name', kind: 'text', ...fields.name },
      { name: 'mobile', labelKey: 'formTest.mobile', kind: 'phone', ...fields.mobile },
      { name: 'remark', labelKey: 'formTest.remark', kind: 'textarea', ...fields.remark },
    ],
    // store-server names the mobile `contactMobile` on the wire.
    fromWirePath: (path) => (path === 'contactMobile' ? 'mobile' : path),
    create: { endpoint: formTestSave, contract: { path: FORM_TEST_PATH, idempotent } },
  }) as never;
}

/** Renders the form and, for the dialog, opens it from the action context; returns the form's container. */
async function openForm(options: Parameters<typeof renderResourceForm>[0]) {
  const rendered = renderResourceForm(options);
  if (options.screen === 'dialog') {
    await rendered.user.click(await screen.findByRole('button', { name: OPEN_DIALOG }, { timeout: 20_000 }));
    return { ...rendered, form: await screen.findByRole('dialog', { name: options.language === 'zh-CN' ? '测试表单' : 'Test form' }) };
  }
  return { ...rendered, form: await screen.findByTestId('resource-form-formTest.item', {}, { timeout: 20_000 }) };
}

const labelOf = (form: HTMLElement, name: string) => form.querySelector(`label[for="field-${name}"]`) as HTMLElement;
const submitOf = (form: HTMLElement) => within(form).getByTestId('resource-form-submit');

/** A call the test answers when it likes (a save on its way). */
function deferred() {
  let answer: (envelope: Envelope) => void = () => undefined;
  const promise = new Promise<Envelope>((resolve) => {
    answer = resolve;
  });
  return { promise, answer };
}

describe.each(['page', 'dialog'] as const)('a resource form as a %s', (screenKind) => {
  it('marks the fields the schema requires with `*`, and a field may say otherwise', async () => {
    const { form } = await openForm({ definition: contactForm(), screen: screenKind });
    expect(labelOf(form, 'name')).toHaveTextContent(/^name\s*\*$/);
    expect(labelOf(form, 'mobile')).toHaveTextContent(/^mobile\s*\*$/);
    expect(labelOf(form, 'remark')).toHaveTextContent(/^remark$/);
    expect(within(form).getByRole('textbox', { name: 'name' })).toBeRequired();
  });

  it('lets a field override its mark, in Chinese too', async () => {
    const { form } = await openForm({ definition: contactForm({ fields: { mobile: { required: false }, remark: { required: true } } }), screen: screenKind, language: 'zh-CN' });
    expect(labelOf(form, 'name')).toHaveTextContent(/^名称\s*\*$/);
    expect(labelOf(form, 'mobile')).toHaveTextContent(/^手机号$/);
    expect(labelOf(form, 'remark')).toHaveTextContent(/^备注\s*\*$/);
  });

  it('focuses the first invalid field of a refused submit and sends nothing', async () => {
    const { form, user, server } = await openForm({ definition: contactForm(), screen: screenKind });
    server.on(FORM_TEST_PATH, () => ok({}));
    await user.click(submitOf(form));
    const name = within(form).getByRole('textbox', { name: 'name' });
    expect(await within(form).findByText('name is required')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('name is required');
    await waitFor(() => expect(name).toHaveFocus());

    await user.type(name, 'Li Lei');
    await user.type(within(form).getByRole('textbox', { name: 'mobile' }), '1234');
    await user.click(submitOf(form));
    expect(await within(form).findByText('phone number format error')).toBeInTheDocument();
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'mobile' })).toHaveFocus());
    expect(server.callsTo(FORM_TEST_PATH)).toEqual([]);
  });

  it("shows the server's field problems on their fields in the merchant's words, the others above the buttons", async () => {
    const server = createFakeStoreServer();
    const problems: WireProblem[] = [
      { field: 'contactMobile', problem: { rule: 'phone' } },
      { field: 'lines.0.quantity', problem: { rule: 'min', limit: 1 } },
    ];
    server.on(FORM_TEST_PATH, () => ({ code: STORE_CODES.invalidParameter, msg: 'invalid parameters', errInfo: { problems } as Envelope['errInfo'] }));
    const { form, user } = await openForm({ definition: contactForm(), screen: screenKind, server, language: 'zh-CN' });
    await user.type(within(form).getByRole('textbox', { name: '名称' }), 'Li Lei');
    await user.type(within(form).getByRole('textbox', { name: '手机号' }), '13800138000');
    await user.click(submitOf(form));
    const mobile = within(form).getByRole('textbox', { name: '手机号' });
    await waitFor(() => expect(mobile).toHaveAccessibleDescription('手机号格式错误'));
    expect(mobile).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(mobile).toHaveFocus());
    expect(within(form).getByTestId('resource-form-problems')).toHaveTextContent('quantity不能小于 1');
    // Still open with the merchant's values: nothing was saved.
    expect(within(form).getByRole('textbox', { name: '名称' })).toHaveValue('Li Lei');
  });

  it('changes once for a double click: the submit is disabled while on its way, and a non-idempotent call carries no key', async () => {
    const server = createFakeStoreServer();
    const pending = deferred();
    server.on(FORM_TEST_PATH, () => pending.promise);
    const { form, user } = await openForm({ definition: contactForm(), screen: screenKind, server });
    await user.type(within(form).getByRole('textbox', { name: 'name' }), 'Li Lei');
    await user.type(within(form).getByRole('textbox', { name: 'mobile' }), '13800138000');
    await user.dblClick(submitOf(form));
    await waitFor(() => expect(submitOf(form)).toBeDisabled());
    // A submit that does not come through the button (a script, Enter in an old browser) is held back too.
    fireEvent.submit(form.querySelector('form')!);
    act(() => pending.answer(ok({})));
    await waitFor(() => expect(screen.getByTestId('notification')).toBeInTheDocument());
    expect(server.callsTo(FORM_TEST_PATH).map((call) => call.biz)).toEqual([{ name: 'Li Lei', mobile: '13800138000', remark: '' }]);
  });

  it('sends an idempotent call one key per intended change: the same on a retry after a lost answer, a new one for other values', async () => {
    const server = createFakeStoreServer();
    let answers = 0;
    // The first answer is lost (a gateway failure); the retry is answered.
    server.on(FORM_TEST_PATH, () => (++answers === 1 ? { code: '50200000', msg: 'bad gateway' } : { code: STORE_CODES.invalidParameter, msg: 'invalid parameters' }));
    const { form, user } = await openForm({ definition: contactForm({ idempotent: true }), screen: screenKind, server });
    await user.type(within(form).getByRole('textbox', { name: 'name' }), 'Li Lei');
    await user.type(within(form).getByRole('textbox', { name: 'mobile' }), '13800138000');
    await user.click(submitOf(form));
    await waitFor(() => expect(server.callsTo(FORM_TEST_PATH)).toHaveLength(1));
    await waitFor(() => expect(submitOf(form)).toBeEnabled());
    await user.click(submitOf(form));
    await waitFor(() => expect(server.callsTo(FORM_TEST_PATH)).toHaveLength(2));
    await waitFor(() => expect(submitOf(form)).toBeEnabled());
    await user.type(within(form).getByRole('textbox', { name: 'remark' }), 'call first');
    await user.click(submitOf(form));
    await waitFor(() => expect(server.callsTo(FORM_TEST_PATH)).toHaveLength(3));
    const keys = server.callsTo(FORM_TEST_PATH).map((call) => call.biz.idempotencyKey);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});

describe('the success of a save', () => {
  const saveContact = async (screenKind: 'page' | 'dialog', language: 'zh-CN' | 'en-US') => {
    const server = createFakeStoreServer();
    server.on(FORM_TEST_PATH, () => ok({}));
    const rendered = await openForm({ definition: contactForm(), screen: screenKind, server, language });
    const [nameLabel, mobileLabel] = language === 'zh-CN' ? ['名称', '手机号'] : ['name', 'mobile'];
    await rendered.user.type(within(rendered.form).getByRole('textbox', { name: nameLabel }), 'Li Lei');
    await rendered.user.type(within(rendered.form).getByRole('textbox', { name: mobileLabel }), '13800138000');
    await rendered.user.click(submitOf(rendered.form));
    return rendered;
  };

  it.each([
    ['en-US', 'modified successfully'],
    ['zh-CN', '修改成功'],
  ] as const)('in a dialog (%s) says "%s" (console-spec §8) and closes it', async (language, notice) => {
    await saveContact('dialog', language);
    expect(await screen.findByTestId('notification')).toHaveTextContent(notice);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it.each([
    ['its own notice', 'formTest.remark', 'remark'],
    ['no notice for null (a sign-in)', null, null],
  ] as const)('says the definition\'s successKey instead: %s', async (_case, successKey, notice) => {
    const server = createFakeStoreServer();
    server.on(FORM_TEST_PATH, () => ok({}));
    const { form, user } = await openForm({ definition: { ...(contactForm() as object), successKey } as never, screen: 'dialog', server });
    await user.type(within(form).getByRole('textbox', { name: 'name' }), 'Li Lei');
    await user.type(within(form).getByRole('textbox', { name: 'mobile' }), '13800138000');
    await user.click(submitOf(form));
    // The notice is shown before the dialog closes.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    if (notice) expect(screen.getByTestId('notification')).toHaveTextContent(notice);
    else expect(screen.queryByTestId('notification')).not.toBeInTheDocument();
  });

  it('on a page says "saved successfully" and goes back to the list without asking', async () => {
    const { location } = await saveContact('page', 'en-US');
    expect(await screen.findByTestId('notification')).toHaveTextContent('saved successfully');
    await waitFor(() => expect(location()).toBe('/list'));
    expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).not.toBeInTheDocument();
  });
});

describe('unsaved changes', () => {
  it('a dialog closes at once without changes; with changes Escape, the backdrop and Cancel ask first', async () => {
    const { form, user } = await openForm({ definition: contactForm(), screen: 'dialog' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: OPEN_DIALOG }));
    const dialog = await screen.findByRole('dialog', { name: 'Test form' });
    expect(dialog).not.toBe(form);
    await user.type(within(dialog).getByRole('textbox', { name: 'name' }), 'Li');
    await user.keyboard('{Escape}');
    await user.click(within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).not.toBeInTheDocument());
    expect(within(dialog).getByRole('textbox', { name: 'name' })).toHaveValue('Li');

    // The backdrop is the dialog's container behind its paper.
    await user.click(dialog.parentElement!);
    await user.click(within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).not.toBeInTheDocument());

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a dialog with changes asks before the console leaves its screen', async () => {
    const { form, user, app, location } = await openForm({ definition: contactForm(), screen: 'dialog' });
    await user.type(within(form).getByRole('textbox', { name: 'name' }), 'Li');
    await act(() => app.router.navigate('/other'));
    await user.click(within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Stay' }));
    expect(location()).toBe('/');
    await act(() => app.router.navigate('/other'));
    await user.click(within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(location()).toBe('/other'));
  });

  it('a page with changes asks before the console leaves it and lets the browser ask before the tab closes', async () => {
    const { form, user, app, location } = await openForm({ definition: contactForm(), screen: 'page' });
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.type(within(form).getByRole('textbox', { name: 'name' }), 'Li');
    expect(unload()).toBe(true);
    await act(() => app.router.navigate('/other'));
    await user.click(within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(location()).toBe('/other'));
  });
});

describe('a refused save in the screen\'s own words, and paths inside a field', () => {
  it('shows describeFailure\'s text in the form and keeps the dialog open with the values', async () => {
    const server = createFakeStoreServer();
    server.on(FORM_TEST_PATH, () => ({ code: STORE_CODES.notAllowedInCurrentState, msg: 'not allowed', data: null }));
    const definition = { ...(contactForm() as object), describeFailure: (error: unknown) => ((error as { code?: string }).code === STORE_CODES.notAllowedInCurrentState ? 'someone else was first' : undefined) } as never;
    const { form, user } = await openForm({ definition, screen: 'dialog', server });
    await user.type(within(form).getByRole('textbox', { name: 'name' }), 'Li Lei');
    await user.type(within(form).getByRole('textbox', { name: 'mobile' }), '13800138000');
    await user.click(submitOf(form));
    expect(await within(form).findByTestId('resource-form-problems')).toHaveTextContent('someone else was first');
    expect(within(form).getByRole('textbox', { name: 'name' })).toHaveValue('Li Lei');
  });

  it("leaves describeFailure's words out when the refusal's problems are on the fields", async () => {
    const server = createFakeStoreServer();
    const problems: WireProblem[] = [{ field: 'contactMobile', problem: { rule: 'phone' } }];
    server.on(FORM_TEST_PATH, () => ({ code: STORE_CODES.invalidParameter, msg: 'invalid parameters', errInfo: { problems } as Envelope['errInfo'] }));
    const definition = { ...(contactForm() as object), describeFailure: () => 'the save was refused' } as never;
    const { form, user } = await openForm({ definition, screen: 'dialog', server });
    await user.type(within(form).getByRole('textbox', { name: 'name' }), 'Li Lei');
    await user.type(within(form).getByRole('textbox', { name: 'mobile' }), '13800138000');
    await user.click(submitOf(form));
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'mobile' })).toHaveAccessibleDescription('phone number format error'));
    expect(within(form).queryByTestId('resource-form-problems')).not.toBeInTheDocument();
  });

  it('puts a schema problem deep inside a value on the field fromWirePath names', async () => {
    const definition = defineResourceForm<{ name: string }>({
      schema: z.object({ name: z.object({ first: z.string().min(2) }) }),
      defaults: { name: '' },
      toBiz: (values) => ({ name: { first: values.name } }),
      fields: [{ name: 'name', labelKey: 'formTest.name', kind: 'text' }],
      fromWirePath: (path) => (path.startsWith('name.') ? 'name' : path),
      create: { endpoint: formTestSave },
    }) as never;
    const { form, user } = await openForm({ definition, screen: 'dialog' });
    await user.type(within(form).getByRole('textbox', { name: 'name' }), 'L');
    await user.click(submitOf(form));
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'name' })).toHaveAccessibleDescription('name must be at least 2 characters'));
  });
});

describe("a form's second save (the definition's draft)", () => {
  type Draft = { name: string; mobile: string; remark: string };
  const DRAFT_PATH = '/v1/store/formTest/draft';
  const draftApi = consoleApi.injectEndpoints({
    endpoints: (build) => ({ formTestDraft: build.mutation<unknown, unknown>(contractMutation({ path: DRAFT_PATH } as never, [])) }),
  });
  const definition = defineResourceForm<Draft>({
    schema: z.object({ name: z.string().trim().min(1), mobile: mobileField, remark: z.string().default('') }),
    defaults: { name: '', mobile: '', remark: '' },
    fields: [
      { name: 'name', labelKey: 'formTest.name', kind: 'text' },
      { name: 'mobile', labelKey: 'formTest.mobile', kind: 'phone' },
      { name: 'remark', labelKey: 'formTest.remark', kind: 'textarea' },
    ],
    create: { endpoint: formTestSave },
    draft: { endpoint: draftApi.endpoints.formTestDraft as never, toBiz: (values) => ({ draft: values }), successKey: 'resourceKit.saved' },
  });
  function DraftHost({ onDraftSaved }: { onDraftSaved(answer: unknown): void }) {
    const actions = useResourceActions();
    const engine = useResourceForm(definition, { initial: definition.defaults, context: actions.context, successKey: 'resourceKit.saved', onSaved: () => undefined, onDraftSaved });
    return (
      <form noValidate onSubmit={engine.submit} data-testid="draft-form">
        <ResourceFormFields engine={engine} fields={definition.fields} editing={false} />
        <button type="button" onClick={engine.saveDraft} disabled={engine.savingDraft}>
          keep draft
        </button>
        <button type="submit">submit</button>
        <Link to="/other">elsewhere</Link>
        {engine.question}
      </form>
    );
  }

  it('sends the values as they are without the schema and counts them saved: leaving does not ask', async () => {
    const server = createFakeStoreServer();
    server.on(DRAFT_PATH, () => ok({ draftId: 5 }));
    server.on(FORM_TEST_PATH, () => ok({}));
    const onDraftSaved = jest.fn();
    const { user, location } = renderResourceForm({ definition: definition as never, screen: 'page', server, host: () => <DraftHost onDraftSaved={onDraftSaved} /> });
    const form = await screen.findByTestId('draft-form', {}, { timeout: 20_000 });
    // A half-filled form: the submit schema would refuse the mobile.
    await user.type(within(form).getByRole('textbox', { name: 'mobile' }), '138');
    await user.click(within(form).getByRole('button', { name: 'keep draft' }));
    await waitFor(() => expect(server.callsTo(DRAFT_PATH).map((call) => call.biz)).toEqual([{ draft: { name: '', mobile: '138', remark: '' } }]));
    await waitFor(() => expect(onDraftSaved).toHaveBeenCalledWith({ draftId: 5 }));
    expect(await screen.findByText('saved successfully')).toBeInTheDocument();
    expect(within(form).queryByText('name is required')).not.toBeInTheDocument();
    // Kept: leaving does not ask.
    await user.click(within(form).getByRole('link', { name: 'elsewhere' }));
    await waitFor(() => expect(location()).toBe('/other'));
  });

  it('submits through the schema: a half-filled form is refused on its fields and only the submit is checked', async () => {
    const server = createFakeStoreServer();
    server.on(DRAFT_PATH, () => ok({ draftId: 5 }));
    server.on(FORM_TEST_PATH, () => ok({}));
    const { user } = renderResourceForm({ definition: definition as never, screen: 'page', server, host: () => <DraftHost onDraftSaved={() => undefined} /> });
    const form = await screen.findByTestId('draft-form', {}, { timeout: 20_000 });
    await user.click(within(form).getByRole('button', { name: 'submit' }));
    expect(await within(form).findByText('name is required')).toBeInTheDocument();
    expect(server.callsTo(FORM_TEST_PATH)).toEqual([]);
    // Changes after the refused submit still ask before leaving.
    await user.type(within(form).getByRole('textbox', { name: 'name' }), 'Li');
    await user.click(within(form).getByRole('link', { name: 'elsewhere' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });
});
