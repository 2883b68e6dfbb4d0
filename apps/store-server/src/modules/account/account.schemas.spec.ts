import { bankCardBiz, passesLuhn, storeInfoBiz, wireProblems } from '@merchant/api-contracts';
import { maskPhone } from './account.service';
import { maskCardNumber } from './settlement.service';

const validInfo = {
  storeName: 'Second Store',
  storeType: 2,
  principalType: 1,
  cityCode: '440300',
  address: '9 Test Road',
  contactName: 'Zhang San',
  contactMobile: '13900000002',
  legalPersonName: 'Zhang San',
  legalPersonIdNumber: '11010519491231002X',
  licenseNumber: '91440300MA5XXXXX0Y',
  licenseImageUrl: '/media/license.png',
  categoryIds: [11],
};

describe('account schemas', () => {
  it('accepts complete store information', () => {
    expect(storeInfoBiz.safeParse(validInfo).success).toBe(true);
  });
  it.each([
    [{ storeType: 4 }, { field: 'storeType', problem: { rule: 'option' } }],
    [{ principalType: 3 }, { field: 'principalType', problem: { rule: 'option' } }],
    [{ cityCode: '44030' }, { field: 'cityCode', problem: { rule: 'digits', limit: 6 } }],
    [{ categoryIds: [] }, { field: 'categoryIds', problem: { rule: 'minItems', limit: 1 } }],
    [{ categoryIds: [11, 11] }, { field: 'categoryIds', problem: { rule: 'distinct' } }],
    [{ licenseNumber: 'short' }, { field: 'licenseNumber', problem: { rule: 'licenseNumber' } }],
    [{ storeName: 'x' }, { field: 'storeName', problem: { rule: 'minLength', limit: 2 } }],
  ])('rejects %j', (change, expected) => {
    const input = { ...validInfo, ...change };
    const result = storeInfoBiz.safeParse(input);
    expect(result.success).toBe(false);
    if (!result.success) expect(wireProblems(result.error, input)[0]).toEqual(expected);
  });

  it('checks bank card digits with Luhn and strips spaces', () => {
    expect(passesLuhn('4111111111111111')).toBe(true);
    expect(passesLuhn('4111111111111112')).toBe(false);
    const parsed = bankCardBiz.parse({ bankCode: 'ICBC', cardNumber: '4111 1111 1111 1111', accountName: 'A', branchName: 'B' });
    expect(parsed.cardNumber).toBe('4111111111111111');
    expect(bankCardBiz.safeParse({ bankCode: 'ICBC', cardNumber: '4111111111111112', accountName: 'A', branchName: 'B' }).success).toBe(false);
  });

  it('masks phones (first 3, last 4) and cards (last 4)', () => {
    expect(maskPhone('13800001001')).toBe('138****1001');
    expect(maskCardNumber('4111111111111111')).toBe('************1111');
  });
});
