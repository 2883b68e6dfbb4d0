import { z } from 'zod';
import { RULE_CODES, type RuleCode, type RuleProblem } from './rule-codes';
import { describeRuleProblem, ruleTexts } from './rule-texts';
import { namedPattern, rule, ruleIssue } from './rules';
import { describeValidationError, describeValidationErrorText, idField, mobileField, passwordField, userNameField, wireProblems } from './fields';
import { SUPPORTED_LANGUAGES } from './languages';

const failure = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  return result.error;
};
/** The first problem a schema reports for a value. */
const problem = (schema: z.ZodType, value: unknown): RuleProblem => wireProblems(failure(schema, value), value)[0]!.problem;

/** One problem per rule code, with the parameters its text needs, and the texts it must read as. */
const EXAMPLES: Record<RuleCode, { problem: RuleProblem; 'zh-CN': string; 'en-US': string }> = {
  required: { problem: { rule: 'required' }, 'zh-CN': '请填写店铺名称', 'en-US': 'Store name is required' },
  choose: { problem: { rule: 'choose' }, 'zh-CN': '请选择店铺名称', 'en-US': 'Store name is required' },
  number: { problem: { rule: 'number' }, 'zh-CN': '店铺名称须为数字', 'en-US': 'Store name must be a number' },
  text: { problem: { rule: 'text' }, 'zh-CN': '店铺名称须为文本', 'en-US': 'Store name must be text' },
  boolean: { problem: { rule: 'boolean' }, 'zh-CN': '店铺名称须为是或否', 'en-US': 'Store name must be true or false' },
  list: { problem: { rule: 'list' }, 'zh-CN': '店铺名称须为列表', 'en-US': 'Store name must be a list' },
  object: { problem: { rule: 'object' }, 'zh-CN': '店铺名称格式错误', 'en-US': 'Store name must be an object' },
  integer: { problem: { rule: 'integer' }, 'zh-CN': '店铺名称须为整数', 'en-US': 'Store name must be a whole number' },
  wholeCents: { problem: { rule: 'wholeCents' }, 'zh-CN': '店铺名称最多两位小数', 'en-US': 'Store name must be whole cents' },
  wholeSeconds: { problem: { rule: 'wholeSeconds' }, 'zh-CN': '店铺名称须为整数秒', 'en-US': 'Store name must be whole seconds' },
  positive: { problem: { rule: 'positive' }, 'zh-CN': '店铺名称须大于 0', 'en-US': 'Store name must be greater than 0' },
  notNegative: { problem: { rule: 'notNegative' }, 'zh-CN': '店铺名称不能为负数', 'en-US': 'Store name cannot be negative' },
  min: { problem: { rule: 'min', limit: 3 }, 'zh-CN': '店铺名称不能小于 3', 'en-US': 'Store name must be at least 3' },
  max: { problem: { rule: 'max', limit: 9 }, 'zh-CN': '店铺名称不能超过 9', 'en-US': 'Store name cannot exceed 9' },
  minLength: { problem: { rule: 'minLength', limit: 2 }, 'zh-CN': '店铺名称至少 2 个字符', 'en-US': 'Store name must be at least 2 characters' },
  maxLength: { problem: { rule: 'maxLength', limit: 30 }, 'zh-CN': '店铺名称不能超过 30 个字符', 'en-US': 'Store name must be at most 30 characters' },
  minItems: { problem: { rule: 'minItems', limit: 1 }, 'zh-CN': '店铺名称至少 1 项', 'en-US': 'Store name: at least 1' },
  maxItems: { problem: { rule: 'maxItems', limit: 5 }, 'zh-CN': '店铺名称最多 5 项', 'en-US': 'Store name: at most 5' },
  tooLarge: { problem: { rule: 'tooLarge' }, 'zh-CN': '店铺名称内容过多', 'en-US': 'Store name is too large' },
  option: { problem: { rule: 'option', values: [1, 2] }, 'zh-CN': '请选择有效的店铺名称', 'en-US': 'choose a valid Store name' },
  distinct: { problem: { rule: 'distinct' }, 'zh-CN': '店铺名称中有重复项', 'en-US': 'Store name: the same item is listed twice' },
  format: { problem: { rule: 'format' }, 'zh-CN': '店铺名称格式错误', 'en-US': 'Store name is not in a valid format' },
  invalid: { problem: { rule: 'invalid' }, 'zh-CN': '店铺名称填写有误，请检查', 'en-US': 'Store name is not valid, please check it' },
  phone: { problem: { rule: 'phone' }, 'zh-CN': '手机号格式错误', 'en-US': 'phone number format error' },
  phoneOrLandline: { problem: { rule: 'phoneOrLandline' }, 'zh-CN': '电话号码格式错误', 'en-US': 'phone number format error' },
  email: { problem: { rule: 'email' }, 'zh-CN': '邮箱格式错误', 'en-US': 'email format error' },
  userName: { problem: { rule: 'userName' }, 'zh-CN': '用户名须为 6 到 20 位字母、数字、下划线或连字符', 'en-US': 'user name must be 6 to 20 letters, digits, underscores or hyphens' },
  passwordLetter: { problem: { rule: 'passwordLetter' }, 'zh-CN': '密码须至少包含一个字母', 'en-US': 'password must contain at least one letter' },
  passwordDigit: { problem: { rule: 'passwordDigit' }, 'zh-CN': '密码须至少包含一个数字', 'en-US': 'password must contain at least one digit' },
  digits: { problem: { rule: 'digits', limit: 6 }, 'zh-CN': '店铺名称须为 6 位数字', 'en-US': 'Store name must be 6 digits' },
  captchaChars: { problem: { rule: 'captchaChars' }, 'zh-CN': '验证码只能包含字母、数字、点和斜杠', 'en-US': 'verification code may hold letters, digits, dot and slash' },
  idNumber: { problem: { rule: 'idNumber' }, 'zh-CN': '店铺名称须为 18 位身份证号', 'en-US': 'Store name must be an 18-character ID number' },
  licenseNumber: { problem: { rule: 'licenseNumber' }, 'zh-CN': '店铺名称须为 18 位数字或大写字母', 'en-US': 'Store name must be 18 digits or capital letters' },
  cardNumber: { problem: { rule: 'cardNumber' }, 'zh-CN': '店铺名称须为 12 到 19 位数字', 'en-US': 'Store name must be 12 to 19 digits' },
  cardChecksum: { problem: { rule: 'cardChecksum' }, 'zh-CN': '店铺名称不是有效的银行卡号', 'en-US': 'Store name is not a valid card number' },
  md5: { problem: { rule: 'md5' }, 'zh-CN': '店铺名称须为 32 位十六进制数', 'en-US': 'Store name must be 32 hex digits' },
  date: { problem: { rule: 'date' }, 'zh-CN': '店铺名称须为日期（年-月-日）', 'en-US': 'Store name must be a date (YYYY-MM-DD)' },
  directoryPath: { problem: { rule: 'directoryPath' }, 'zh-CN': '店铺名称须为目录路径，如 /noWatermark/banners', 'en-US': 'Store name must look like /noWatermark/banners' },
  uploadRoot: { problem: { rule: 'uploadRoot' }, 'zh-CN': '店铺名称须在 /noWatermark 或 /watermark 目录下', 'en-US': 'Store name must be under /noWatermark or /watermark' },
  fileNameChars: { problem: { rule: 'fileNameChars' }, 'zh-CN': '店铺名称不能包含斜杠或控制字符', 'en-US': 'Store name must not contain slashes or control characters' },
  suffixMismatch: { problem: { rule: 'suffixMismatch' }, 'zh-CN': '店铺名称须与文件名的后缀一致', 'en-US': 'Store name must match the suffix of the file name' },
  noUploadFile: { problem: { rule: 'noUploadFile' }, 'zh-CN': '请至少选择一个文件上传！', 'en-US': 'at least one file must be selected for upload!' },
  fileType: { problem: { rule: 'fileType' }, 'zh-CN': '该类型的文件不能上传', 'en-US': 'this file type cannot be uploaded' },
  savedViewKey: { problem: { rule: 'savedViewKey' }, 'zh-CN': '店铺名称须形如 goods.list', 'en-US': 'Store name must look like goods.list' },
  carrier: { problem: { rule: 'carrier', values: ['SF', 'YTO'] }, 'zh-CN': '店铺名称须为列表中的快递公司（SF、YTO）', 'en-US': 'Store name must be one of the listed carriers (SF, YTO)' },
  trackingNo: { problem: { rule: 'trackingNo' }, 'zh-CN': '店铺名称只能包含字母、数字和连字符', 'en-US': 'Store name may hold only letters, digits and hyphens' },
  onlyVideos: { problem: { rule: 'onlyVideos' }, 'zh-CN': '只能选择视频', 'en-US': 'only videos can be selected' },
  videoSize: { problem: { rule: 'videoSize', limit: 30 }, 'zh-CN': '不能上传超过 30MB 的视频文件', 'en-US': 'cannot upload video files over 30MB' },
  videoDuration: { problem: { rule: 'videoDuration', limit: 6, upper: 120 }, 'zh-CN': '上传视频时长不能少于 6 秒且不能超过 120 秒', 'en-US': 'uploaded video length must not be under 6 seconds and not over 120 seconds' },
  endBeforeStart: { problem: { rule: 'endBeforeStart' }, 'zh-CN': '结束不能早于开始', 'en-US': 'end cannot be less than start' },
  notAfterToday: { problem: { rule: 'notAfterToday' }, 'zh-CN': '店铺名称须晚于今天', 'en-US': 'Store name must be after today' },
  rangeIncomplete: { problem: { rule: 'rangeIncomplete' }, 'zh-CN': '请选择开始和结束', 'en-US': 'please select start and end' },
  maxBelowMin: { problem: { rule: 'maxBelowMin', other: 'priceMin' }, 'zh-CN': '店铺名称不能小于priceMin', 'en-US': 'Store name cannot be less than priceMin' },
  nothingToUpdate: { problem: { rule: 'nothingToUpdate' }, 'zh-CN': '没有需要修改的内容', 'en-US': 'nothing to update' },
  stockOrDelta: { problem: { rule: 'stockOrDelta' }, 'zh-CN': '库存和增减数量只能填写一项', 'en-US': 'give either the stock or a change, not both' },
  stockDeltaOrWarning: { problem: { rule: 'stockDeltaOrWarning' }, 'zh-CN': '请填写库存、增减数量或预警值', 'en-US': 'give a stock, a change or a warning line' },
  priceOrStock: { problem: { rule: 'priceOrStock' }, 'zh-CN': '每个 SKU 请填写价格或库存', 'en-US': 'give a price or a stock for every SKU' },
  specTwice: { problem: { rule: 'specTwice' }, 'zh-CN': '同一规格只能选择一次', 'en-US': 'a spec is chosen twice' },
  skuSpecValues: { problem: { rule: 'skuSpecValues' }, 'zh-CN': '每个 SKU 须为每个规格选择一个值', 'en-US': 'every SKU needs exactly one chosen value of every spec' },
  skuTwin: { problem: { rule: 'skuTwin' }, 'zh-CN': '两个 SKU 的规格值相同', 'en-US': 'two SKUs have the same spec values' },
  floorAbovePrice: { problem: { rule: 'floorAbovePrice' }, 'zh-CN': '店铺名称不能高于售价', 'en-US': 'Store name cannot be above the price' },
  bandEnd: { problem: { rule: 'bandEnd' }, 'zh-CN': '距离段的终点须大于起点', 'en-US': 'the band must end beyond its start' },
  overlapsBand: { problem: { rule: 'overlapsBand', limit: 2 }, 'zh-CN': '与第 2 个距离段重叠', 'en-US': 'overlaps distance band 2' },
  belowFloor: { problem: { rule: 'belowFloor', limit: 4500, values: [123] }, 'zh-CN': 'SKU 123 低于底价 ¥45.00', 'en-US': 'SKU 123 below its floor price ¥45.00' },
  detailRequired: { problem: { rule: 'detailRequired' }, 'zh-CN': '请填写商品详情', 'en-US': 'write the goods detail' },
  detailImagesRequired: { problem: { rule: 'detailImagesRequired' }, 'zh-CN': '请至少选择一张详情图', 'en-US': 'choose at least one detail image' },
  noLines: { problem: { rule: 'noLines' }, 'zh-CN': '请至少添加一个商品', 'en-US': 'Add at least one item' },
  noCounted: { problem: { rule: 'noCounted' }, 'zh-CN': '请至少录入一个商品的实盘数量', 'en-US': 'Enter the counted quantity of at least one item' },
  confirmDiffers: { problem: { rule: 'confirmDiffers' }, 'zh-CN': '两次输入不一致', 'en-US': 'the two entries differ' },
  sameAsCurrent: { problem: { rule: 'sameAsCurrent' }, 'zh-CN': '店铺名称不能与原来的相同', 'en-US': 'Store name must differ from the current one' },
  imInfoRequired: { problem: { rule: 'imInfoRequired' }, 'zh-CN': '请填写IM信息', 'en-US': 'please fill in IM info' },
  noFreightTemplate: { problem: { rule: 'noFreightTemplate', values: ['Bund Home Centre'] }, 'zh-CN': '没有运费模板覆盖Bund Home Centre，不能加入配送范围', 'en-US': 'no freight template covers Bund Home Centre; it cannot be added to a delivery range' },
  endPassed: { problem: { rule: 'endPassed' }, 'zh-CN': '结束日期已经过去', 'en-US': 'the last day has already passed' },
  rangeOverlap: { problem: { rule: 'rangeOverlap', values: ['Mornings (Bund Home Centre)'] }, 'zh-CN': '与配送范围Mornings (Bund Home Centre)的乡镇和配送时间重叠', 'en-US': 'overlaps delivery range Mornings (Bund Home Centre) in town and time' },
  reasonNeeded: { problem: { rule: 'reasonNeeded', values: ['reject'] }, 'zh-CN': 'reject 须填写原因（--reason）', 'en-US': 'reject needs --reason' },
  noReason: { problem: { rule: 'noReason', values: ['approve'] }, 'zh-CN': 'approve 不接受原因', 'en-US': 'approve takes no reason' },
};
const LABELS = { 'zh-CN': '店铺名称', 'en-US': 'Store name' } as const;

describe('the rule translator (issue 25 §1)', () => {
  it('has an example for every rule code and a text in every language', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual([...RULE_CODES].sort());
    for (const code of RULE_CODES) for (const language of SUPPORTED_LANGUAGES) expect(ruleTexts()[code][language]).not.toBe('');
  });

  it.each(RULE_CODES.flatMap((code) => SUPPORTED_LANGUAGES.map((language) => [code, language] as const)))('%s in %s', (code, language) => {
    const example = EXAMPLES[code];
    const text = describeRuleProblem(example.problem, LABELS[language], language);
    expect(text).toBe(example[language]);
    expect(text).not.toMatch(/\{\w+\}/);
  });

  it('names an unlabelled value', () => {
    expect(describeRuleProblem({ rule: 'required' }, '', 'zh-CN')).toBe('请填写该项');
    expect(describeRuleProblem({ rule: 'required' }, '', 'en-US')).toBe('this value is required');
  });
});

describe('problemOf: the rule from the issue, never from its text', () => {
  it('reads zod checks by their kind and bounds', () => {
    expect(problem(z.object({ a: z.string().min(2) }), { a: 'x' })).toEqual({ rule: 'minLength', limit: 2 });
    expect(problem(z.object({ a: z.string().max(3) }), { a: 'xxxx' })).toEqual({ rule: 'maxLength', limit: 3 });
    expect(problem(z.object({ a: z.number().min(5) }), { a: 1 })).toEqual({ rule: 'min', limit: 5 });
    expect(problem(z.object({ a: z.number().max(5) }), { a: 9 })).toEqual({ rule: 'max', limit: 5 });
    expect(problem(z.object({ a: z.number().positive() }), { a: 0 })).toEqual({ rule: 'positive' });
    expect(problem(z.object({ a: z.number().min(0) }), { a: -1 })).toEqual({ rule: 'notNegative' });
    expect(problem(z.object({ a: z.number().int() }), { a: 1.5 })).toEqual({ rule: 'integer' });
    expect(problem(z.object({ a: z.array(z.number()).min(1) }), { a: [] })).toEqual({ rule: 'minItems', limit: 1 });
    expect(problem(z.object({ a: z.array(z.number()).max(1) }), { a: [1, 2] })).toEqual({ rule: 'maxItems', limit: 1 });
    expect(problem(z.object({ a: z.enum(['x', 'y']) }), { a: 'z' })).toEqual({ rule: 'option', values: ['x', 'y'] });
    expect(problem(z.object({ a: z.string().email() }), { a: 'nope' })).toEqual({ rule: 'email' });
    expect(problem(z.object({ a: z.string().regex(/^\d+$/) }), { a: 'x' })).toEqual({ rule: 'format' });
  });

  it('reads a wrong type as that type, and an empty value as required', () => {
    const schema = z.object({ n: z.number(), s: z.string(), l: z.array(z.string()), b: z.boolean() });
    const valid = { n: 1, s: 's', l: [], b: true };
    expect(problem(schema, { ...valid, n: 'x' })).toEqual({ rule: 'number' });
    expect(problem(schema, { ...valid, s: 3 })).toEqual({ rule: 'text' });
    expect(problem(schema, { ...valid, l: 'a' })).toEqual({ rule: 'list' });
    expect(problem(schema, { ...valid, b: 'yes' })).toEqual({ rule: 'boolean' });
    for (const empty of [undefined, null, '', '  ', Number.NaN]) expect(problem(schema, { ...valid, n: empty })).toEqual({ rule: 'required' });
    expect(problem(z.object({ s: z.string().min(1) }), { s: '' })).toEqual({ rule: 'required' });
  });

  it('reads a named pattern by the pattern and a custom rule by its params, whatever zod says', () => {
    expect(problem(z.object({ m: mobileField }), { m: '123' })).toEqual({ rule: 'phone' });
    expect(problem(z.object({ u: userNameField }), { u: 'a b' })).toEqual({ rule: 'userName' });
    expect(problem(passwordField, 'abcdefgh')).toEqual({ rule: 'passwordDigit' });
    expect(problem(passwordField, '12345678')).toEqual({ rule: 'passwordLetter' });
    const refined = z.object({ ids: z.array(z.number()).refine((ids) => new Set(ids).size === ids.length, rule('distinct')) });
    expect(problem(refined, { ids: [1, 1] })).toEqual({ rule: 'distinct' });
    const cross = z.object({ from: z.number(), to: z.number() }).refine((v) => v.to >= v.from, rule('endBeforeStart', { path: ['to'] }));
    expect(wireProblems(failure(cross, { from: 2, to: 1 }), { from: 2, to: 1 })).toEqual([{ field: 'to', problem: { rule: 'endBeforeStart' } }]);
  });

  it('refuses to name one pattern two ways', () => {
    namedPattern(/^z{3}$/, { rule: 'format' });
    expect(() => namedPattern(/^z{3}$/, { rule: 'phone' })).toThrow(/already named format/);
  });

  it("gives zod the rule's en-US text with the wire field, for logs and the API document", () => {
    const refined = z.object({ ids: z.array(z.number()).refine(() => false, rule('distinct')) });
    expect(failure(refined, { ids: [] }).issues[0]?.message).toBe('ids: the same item is listed twice');
    expect(ruleIssue('skuTwin', ['skus', 1, 'specValues'])).toMatchObject({ code: 'custom', path: ['skus', 1, 'specValues'], params: { rule: 'skuTwin' }, message: 'two SKUs have the same spec values' });
  });
});

describe("store-server's 10100001 text (describeValidationErrorText)", () => {
  const schema = z.object({ pageSize: z.number().int().max(200), userName: userNameField, goodsId: idField() });
  const valid = { pageSize: 10, userName: 'demo_merchant', goodsId: 1 };
  it.each([
    [{ ...valid, pageSize: undefined }, '参数错误：请填写pageSize', 'pageSize is required'],
    [{ ...valid, pageSize: '10' }, '参数错误：pageSize须为数字', 'pageSize must be a number'],
    [{ ...valid, pageSize: 2.5 }, '参数错误：pageSize须为整数', 'pageSize must be a whole number'],
    [{ ...valid, pageSize: 500 }, '参数错误：pageSize不能超过 200', 'pageSize cannot exceed 200'],
    [{ ...valid, userName: 42 }, '参数错误：userName须为文本', 'userName must be text'],
    [{ ...valid, userName: 'bad name!' }, '参数错误：用户名须为 6 到 20 位字母、数字、下划线或连字符', 'user name must be 6 to 20 letters, digits, underscores or hyphens'],
    [{ ...valid, goodsId: 'abc' }, '参数错误：goodsId须为数字', 'goodsId must be a number'],
  ])('%p', (value, chinese, english) => {
    const error = failure(schema, value);
    expect(describeValidationErrorText(error, value)).toEqual({ 'zh-CN': chinese, 'en-US': english });
    expect(describeValidationError(error, value)).toBe(english);
  });

  it('names a nested field by its path', () => {
    const nested = z.object({ skus: z.array(z.object({ stock: z.number().int() })) });
    expect(describeValidationError(failure(nested, { skus: [{ stock: 2.5 }] }), { skus: [{ stock: 2.5 }] })).toBe('skus.0.stock must be a whole number');
    expect(describeValidationError(failure(nested, { skus: [{}] }), { skus: [{}] })).toBe('skus.0.stock is required');
  });
});

describe('cross-field rules name both fields', () => {
  it('says the other field by the label the caller gives, else by its wire name', () => {
    const problem: RuleProblem = { rule: 'maxBelowMin', other: 'amountMin' };
    expect(describeRuleProblem(problem, 'amountMax', 'en-US')).toBe('amountMax cannot be less than amountMin');
    expect(describeRuleProblem(problem, '金额至', 'zh-CN', (field) => (field === 'amountMin' ? '金额从' : field))).toBe('金额至不能小于金额从');
  });
});
