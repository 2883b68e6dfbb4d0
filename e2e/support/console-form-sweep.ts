// The console half of the hostile-input sweep (issue 34 §4): the console's forms with text fields, each as the
// sweep needs it (where it opens, what else a save needs, which list shows what it saved), and the sweep itself.
// A form's text fields are not listed here: the form kit writes each field's kind on its input
// (`data-field-kind`, resource-kit/fields/useFieldControl.ts), and the sweep types into every `text` and
// `textarea` the form's definition draws, so a text field added to a definition is swept without a change here.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { HOSTILE_STRINGS, TOO_LONG, expectNoSidewaysScroll, expectNothingExecuted, type HostileString } from './hostile-strings';

/** The form kit's save button, unless a form names its own. */
export const SUBMIT_TEST_ID = 'resource-form-submit';

/** The inputs the form kit draws for the kinds a merchant types free text into. */
export const TEXT_FIELDS = 'input[data-field-kind="text"], textarea[data-field-kind="textarea"]';

export interface SweptForm {
  /** Names the test. */
  title: string;
  /** The list the form saves into (opened before the form, and after each save to find what was saved). */
  listPath: string;
  /** From the list: opens the form and returns its root (the page's main area or the dialog). */
  open(page: Page): Promise<Locator>;
  /**
   * What the form needs before its first save (a freight template that covers a range's town), done once, from the
   * list, through the console.
   */
  prepare?(page: Page): Promise<void>;
  /**
   * The fields a save needs beside the text (a role's codes); the text fields are the sweep's. `round` numbers the
   * hostile string, so a form whose saves must differ (a range's daily hours) can make each round's its own.
   */
  fillRest?(root: Locator, page: Page, round: number): Promise<void>;
  /** The save button's test id, where the form names its own (the kit's `resource-form-submit` otherwise). */
  submitTestId?: string;
  /** A page form goes back to its list when saved; a dialog closes; a form that stays shows a notice (`savedNotice`). */
  savedWhen: 'back-on-list' | 'dialog-closed' | 'notice-shown';
  /** 'notice-shown': the notice a save shows. */
  savedNotice?(page: Page): Locator;
  /** After each round's save was found on the list: what lets the next round save (the platform rejects a reviewed change). */
  afterRound?(page: Page): Promise<void>;
  /** The list's container, and the text fields (by `name`) its rows show. */
  listed: { container(page: Page): Locator; fields: readonly string[] };
}

export interface SweepResult {
  /** `label → field names` the server or the form refused with a field error (the rest were saved). */
  refused: Map<string, string[]>;
}

const fieldNames = (fields: Locator) => fields.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).name));

/** A text field's error: the kit binds its helper text to the input (`aria-describedby`), and marks it invalid. */
async function errorOf(field: Locator): Promise<string> {
  const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
  const helperId = describedBy.split(' ').find((id) => id.endsWith('-helper-text'));
  return helperId ? ((await field.page().locator(`[id="${helperId}"]`).textContent()) ?? '') : '';
}

/**
 * Types `hostile` into every text field of the form and saves. A field the rules refuse shows its error and
 * gets a plain value instead (saved again), so the other fields still reach the server. Returns the fields refused.
 */
async function submitHostile(page: Page, form: SweptForm, hostile: HostileString, round: number): Promise<string[]> {
  const root = await form.open(page);
  const fields = root.locator(TEXT_FIELDS);
  await expect(fields.first(), `${form.title} draws no text field`).toBeVisible();
  const names = await fieldNames(fields);
  for (let index = 0; index < names.length; index += 1) await fields.nth(index).fill(hostile.text);
  await form.fillRest?.(root, page, round);
  const refused: string[] = [];
  for (let attempt = 0; attempt <= names.length; attempt += 1) {
    await root.getByTestId(form.submitTestId ?? SUBMIT_TEST_ID).click();
    const invalid = root.locator(TEXT_FIELDS).and(root.locator('[aria-invalid="true"]'));
    let outcome = 'pending';
    const settled = async () => {
      const saved =
        form.savedWhen === 'dialog-closed'
          ? await root.isHidden()
          : form.savedWhen === 'notice-shown'
            ? await form.savedNotice!(page).isVisible()
            : new URL(page.url()).pathname === form.listPath;
      outcome = saved ? 'saved' : (await invalid.count()) > 0 ? 'refused' : 'pending';
      return outcome;
    };
    await expect.poll(settled).not.toBe('pending').catch(async (error: Error) => {
      const problems = await root.getByTestId('resource-form-problems').textContent({ timeout: 1_000 }).catch(() => 'none');
      throw new Error(`${form.title}, ${hostile.label}: neither saved nor refused on a field (form problems: ${problems})\n${error.message}`);
    });
    if (outcome === 'saved') return refused;
    // Names first: a field made plain turns valid as it is typed, which renumbers the invalid ones.
    for (const name of await fieldNames(invalid)) {
      const input = root.locator(TEXT_FIELDS).and(root.locator(`[name="${name}"]`));
      expect(await errorOf(input), `${form.title}: the refused field ${name} says why`).not.toBe('');
      refused.push(name);
      // Letters and digits (a user name takes them), unique per round so the list still tells the saves apart.
      await input.fill(`p${Date.now().toString(36).slice(-5)}${round}x${attempt}`);
    }
  }
  throw new Error(`${form.title}, ${hostile.label}: still refused after every text field was made plain`);
}

/** The whole sweep of one form: every hostile string saved or refused, then what was saved found on its list, literally. */
export async function sweepForm(page: Page, form: SweptForm, guard: { dialogs: string[] }): Promise<SweepResult> {
  const refused = new Map<string, string[]>();
  if (form.prepare) {
    await test.step('prepare', () => form.prepare!(page));
    await page.goto(new URL(form.listPath, page.url()).href);
  }
  for (const [round, hostile] of HOSTILE_STRINGS.entries()) {
    // Each round starts where the last save left the merchant: on the list (a page form goes back to it, a dialog closes over it).
    const fieldsRefused = await test.step(hostile.label, () => submitHostile(page, form, hostile, round));
    refused.set(hostile.label, fieldsRefused);
    if (hostile === TOO_LONG) expect(fieldsRefused.length, `${form.title}: a 10,000-character text was taken`).toBeGreaterThan(0);

    const list = form.listed.container(page);
    await expect(list).toBeVisible();
    for (const name of form.listed.fields) {
      // What the server stored comes back as text: the same characters, never markup.
      const shown = list.getByText(hostile.text, { exact: true });
      if (fieldsRefused.includes(name)) await expect(shown, `${form.title}: refused ${hostile.label} was saved`).toHaveCount(0);
      else await expect(shown.first(), `${form.title}: ${hostile.label} in ${name} is not shown literally`).toBeVisible();
    }
    await expectNoSidewaysScroll(page);
    await expectNothingExecuted(page, guard);
    await form.afterRound?.(page);
  }
  return { refused };
}
