// One field kind in a generated form page (resourceForm.testing's harness: the real form engine, console and
// fake store server): what the merchant enters is checked by `schema` and saved to the test call, whose biz is
// what the field handed over.
import { screen } from '@testing-library/react';
import type { z } from 'zod';
import { createFakeStoreServer, ok, type FakeStoreServer } from '../../../test/fakeStoreServer';
import type { ConsoleLanguage } from '../../app/i18n';
import { FORM_TEST_PATH, formTestSave, renderResourceForm } from '../resourceForm.testing';
import { defineResourceForm, type ResourceFormField } from '../types';

export interface RenderFieldFormOptions {
  field: ResourceFormField;
  schema: z.ZodType;
  defaults?: Record<string, unknown>;
  language?: ConsoleLanguage;
  server?: FakeStoreServer;
}

export function renderFieldForm({ field, schema, defaults = {}, language, server = createFakeStoreServer() }: RenderFieldFormOptions) {
  server.on(FORM_TEST_PATH, () => ok(null));
  const definition = defineResourceForm<Record<string, unknown>>({ schema, defaults, fields: [field], create: { endpoint: formTestSave } });
  const rendered = renderResourceForm({ definition, screen: 'page', language, server });
  return {
    ...rendered,
    /** Presses the form's save button. */
    save: () => rendered.user.click(screen.getByTestId('resource-form-submit')),
    /** The biz of every save that reached the server. */
    sent: () => server.callsTo(FORM_TEST_PATH).map((call) => call.biz),
  };
}
