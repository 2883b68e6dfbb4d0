// Onboarding form rules: the registerUser contract's §5 rules (and the console's confirmation) on registration, drafts keeping only valid fields, and the
// step after shop info by store type.
import {
  MAX_STORE_CATEGORIES,
  STORE_TYPES,
  dateToSeconds,
  draftToForm,
  draftToSubmission,
  formToDraft,
  formToWire,
  nextStepAfterShopInfo,
  registerSchema,
  secondsToDate,
  storeInfoFormSchema,
  type StoreInfoFormInput,
} from './storeInfoSchema';
import { problemOf, storeInfoShape, valueAtPath } from '@merchant/api-contracts';

const complete: StoreInfoFormInput = {
  storeName: 'Blue Lamp Store',
  storeType: 2,
  principalType: 1,
  cityCode: '440300',
  address: '9 Test Road',
  contactName: 'Zhang San',
  contactMobile: '13900000002',
  legalPersonName: 'Zhang San',
  legalPersonIdNumber: '11010519491231002X',
  licenseNumber: '91440300MA5XXXXX0Y',
  licenseImageUrl: { objectUrl: '/media/license.png' },
  licenseExpireDate: '2030-06-30',
  categoryIds: [11, 31],
};

describe('registration rules (console-spec §5)', () => {
  const base = { userName: 'new_merchant', password: 'Secret123', confirmPassword: 'Secret123', mobile: '13900000002', checkCode: '123456' };
  /** The first problem as a rule code (the form kit says it in the merchant's language). */
  const firstError = (values: typeof base) => {
    const result = registerSchema.safeParse(values);
    if (result.success) return null;
    const issue = result.error.issues[0]!;
    return problemOf(issue, valueAtPath(values, issue.path)).rule;
  };

  it('accepts a valid registration', () => {
    expect(firstError(base)).toBeNull();
  });

  it.each([
    ['a 7-character password', { password: 'Secret1', confirmPassword: 'Secret1' }, 'minLength'],
    ['a 33-character password', { password: `${'a'.repeat(32)}1`, confirmPassword: `${'a'.repeat(32)}1` }, 'maxLength'],
    ['a password without a digit', { password: 'SecretPass', confirmPassword: 'SecretPass' }, 'passwordDigit'],
    ['a password without a letter', { password: '12345678', confirmPassword: '12345678' }, 'passwordLetter'],
    ['different confirmation', { confirmPassword: 'Secret124' }, 'confirmDiffers'],
    ['a 5-character user name', { userName: 'short' }, 'userName'],
    ['a user name with a space', { userName: 'new merchant' }, 'userName'],
    ['a landline as mobile', { mobile: '0755-1234567' }, 'phone'],
    ['a 4-digit check code', { checkCode: '1234' }, 'digits'],
  ])('refuses %s', (_name, change, message) => {
    expect(firstError({ ...base, ...change })).toBe(message);
  });

  it('accepts the 8 and 32 character bounds', () => {
    expect(firstError({ ...base, password: 'abcdefg1', confirmPassword: 'abcdefg1' })).toBeNull();
    expect(firstError({ ...base, password: `${'a'.repeat(31)}1`, confirmPassword: `${'a'.repeat(31)}1` })).toBeNull();
  });
});

describe('store information drafts', () => {
  it('keeps only the fields that are valid on their own, over the previous draft', () => {
    const draft = formToDraft({ ...complete, storeName: 'x', contactMobile: '123', categoryIds: [], licenseExpireDate: '' }, { brandName: 'Acme', storeName: 'Old' });
    expect(draft).toMatchObject({ brandName: 'Acme', storeName: 'Old', storeType: 2, cityCode: '440300', address: '9 Test Road' });
    expect(draft).not.toHaveProperty('contactMobile');
    expect(draft).not.toHaveProperty('categoryIds');
    expect(draft).not.toHaveProperty('licenseExpireTime');
  });

  it('round-trips dates as end-of-day seconds', () => {
    const seconds = dateToSeconds('2030-06-30');
    expect(secondsToDate(seconds)).toBe('2030-06-30');
    expect(draftToForm(formToDraft(complete))).toEqual(complete);
  });

  it('makes a submission only from a complete draft, carrying the brand for brand stores only', () => {
    const draft = { ...formToDraft(complete), brandName: 'Acme', brandExpireTime: dateToSeconds('2031-01-31') };
    expect(draftToSubmission(draft)).toMatchObject({ storeType: 2, brandName: 'Acme', brandExpireTime: dateToSeconds('2031-01-31'), categoryIds: [11, 31] });
    expect(draftToSubmission({ ...draft, storeType: 3 })).not.toHaveProperty('brandName');
    const { address: _address, ...incomplete } = draft;
    expect(draftToSubmission(incomplete)).toBeNull();
  });

  /** Each refused field's first problem as a rule code, as the form kit shows it under the field (with its label). */
  const rules = (values: StoreInfoFormInput) => {
    const wire = formToWire(values);
    const issues = storeInfoFormSchema.safeParse(wire).error?.issues;
    if (!issues) return undefined;
    const first = new Map<string, string>();
    for (const issue of issues) if (!first.has(issue.path.join('.'))) first.set(issue.path.join('.'), problemOf(issue, valueAtPath(wire, issue.path)).rule);
    return [...first.values()];
  };

  it('checks the whole form by the store info contract', () => {
    expect(rules(complete)).toBeUndefined();
    expect(rules({ ...complete, licenseNumber: '91440300ma5xxxxx0y', legalPersonIdNumber: '1101051949123100' })?.sort()).toEqual(['idNumber', 'licenseNumber']);
  });

  it("follows the store info contract's rules (one source of truth)", () => {
    const rule = (change: Partial<StoreInfoFormInput>) => rules({ ...complete, ...change });
    const tooMany = Array.from({ length: MAX_STORE_CATEGORIES + 1 }, (_, i) => i + 1);
    expect(rule({ storeName: 'x'.repeat(31) })).toEqual(['maxLength']);
    expect(rule({ storeName: '  ' })).toEqual(['required']);
    expect(rule({ categoryIds: tooMany })).toEqual(['maxItems']);
    expect(rule({ categoryIds: [11, 11] })).toEqual(['distinct']);
    expect(rule({ categoryIds: [] })).toEqual(['minItems']);
    expect(rule({ storeType: 4 })).toEqual(['option']);
    expect(rule({ contactMobile: '12345' })).toEqual(['phone']);
    // Typed text is trimmed as the contract trims it.
    expect(storeInfoFormSchema.parse(formToWire({ ...complete, address: '  9 Test Road  ' })).address).toBe('9 Test Road');
    expect(storeInfoShape.storeType.options.map((option) => option.value)).toEqual([...STORE_TYPES]);
  });

  it('sends the picked licence image as its address; none picked is refused as required and left out of the draft', () => {
    expect(formToWire(complete).licenseImageUrl).toBe('/media/license.png');
    expect(rules({ ...complete, licenseImageUrl: null })).toEqual(['required']);
    expect(formToDraft({ ...complete, licenseImageUrl: null })).not.toHaveProperty('licenseImageUrl');
    // A stored address comes back as the picker's reference (the library id is not kept on the wire).
    expect(draftToForm({ licenseImageUrl: '/media/license.png' }).licenseImageUrl).toEqual({ objectUrl: '/media/license.png' });
    expect(draftToForm({}).licenseImageUrl).toBeNull();
  });

  it('goes to the brand step for flagship and specialty stores, to the agreement for a service store', () => {
    expect(nextStepAfterShopInfo(1)).toBe('/registered/brandAdd');
    expect(nextStepAfterShopInfo(2)).toBe('/registered/brandAdd');
    expect(nextStepAfterShopInfo(3)).toBe('/registered/agrtSig');
  });
});
