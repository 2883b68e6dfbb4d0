import { accountEndpoints } from './endpoints';
import { describeValidationErrorText } from './fields';
import { readValidationErrInfo, validationErrInfo, validationErrInfoOf } from './validation-answer';

// updateStoreInfo's form with three bad fields: what store-server answers as 10100001's errInfo.
const badStoreInfo = { address: 'x'.repeat(101), contactName: '   ', contactMobile: '12345' };

describe('validationErrInfo (10100001 errInfo)', () => {
  const parsed = accountEndpoints.updateStoreInfo.biz.safeParse(badStoreInfo);
  if (parsed.success) throw new Error('the sample must fail its contract');

  it('lists every refused field once, in the schema order, with the rule it broke', () => {
    const errInfo = validationErrInfoOf(parsed.error, badStoreInfo);
    expect(errInfo).toEqual({
      problems: [
        { field: 'address', problem: { rule: 'maxLength', limit: 100 } },
        { field: 'contactName', problem: { rule: 'required' } },
        { field: 'contactMobile', problem: { rule: 'phone' } },
      ],
    });
    expect(validationErrInfo.parse(errInfo)).toEqual(errInfo);
  });

  it('keeps msg as the first problem in each language', () => {
    const text = describeValidationErrorText(parsed.error, badStoreInfo);
    expect(text['en-US']).toMatch(/^address/);
    expect(text['zh-CN']).toMatch(/^参数错误：address/);
  });

  it('reads an answer\'s errInfo back, and nothing from one without problems', () => {
    const errInfo = validationErrInfoOf(parsed.error, badStoreInfo);
    expect(readValidationErrInfo(JSON.parse(JSON.stringify(errInfo)))).toEqual(errInfo);
    expect(readValidationErrInfo(undefined)).toBeUndefined();
    expect(readValidationErrInfo({ value: 'captcha' })).toBeUndefined();
    expect(readValidationErrInfo({ problems: [{ field: 'x', problem: { rule: 'no such rule' } }] })).toBeUndefined();
  });
});
