// The one translator of validation problems (issue 25 §1): a field's label and the rule it broke →
// the sentence in zh-CN or en-US. The console's forms and search bars give the label the merchant
// sees on the field; store-server's 10100001 answers give the wire field. The spec's own texts
// (console-spec §5: 'phone number format error', 'end cannot be less than start', the video rules)
// are the en-US texts of their rules.
import type { LocalizedText, SupportedLanguage } from './languages';
import type { RuleCode, RuleProblem } from './rule-codes';

/** Placeholders: {field} the label, {limit} and {upper} the bounds, {values} the allowed values, {money} the limit in cents as yuan (45.00). */
const RULE_TEXTS: Readonly<Record<RuleCode, LocalizedText>> = {
  required: { 'zh-CN': '请填写{field}', 'en-US': '{field} is required' },
  choose: { 'zh-CN': '请选择{field}', 'en-US': '{field} is required' },
  number: { 'zh-CN': '{field}须为数字', 'en-US': '{field} must be a number' },
  text: { 'zh-CN': '{field}须为文本', 'en-US': '{field} must be text' },
  boolean: { 'zh-CN': '{field}须为是或否', 'en-US': '{field} must be true or false' },
  list: { 'zh-CN': '{field}须为列表', 'en-US': '{field} must be a list' },
  object: { 'zh-CN': '{field}格式错误', 'en-US': '{field} must be an object' },
  integer: { 'zh-CN': '{field}须为整数', 'en-US': '{field} must be a whole number' },
  wholeCents: { 'zh-CN': '{field}最多两位小数', 'en-US': '{field} must be whole cents' },
  wholeSeconds: { 'zh-CN': '{field}须为整数秒', 'en-US': '{field} must be whole seconds' },
  positive: { 'zh-CN': '{field}须大于 0', 'en-US': '{field} must be greater than 0' },
  notNegative: { 'zh-CN': '{field}不能为负数', 'en-US': '{field} cannot be negative' },
  min: { 'zh-CN': '{field}不能小于 {limit}', 'en-US': '{field} must be at least {limit}' },
  max: { 'zh-CN': '{field}不能超过 {limit}', 'en-US': '{field} cannot exceed {limit}' },
  minLength: { 'zh-CN': '{field}至少 {limit} 个字符', 'en-US': '{field} must be at least {limit} characters' },
  maxLength: { 'zh-CN': '{field}不能超过 {limit} 个字符', 'en-US': '{field} must be at most {limit} characters' },
  minItems: { 'zh-CN': '{field}至少 {limit} 项', 'en-US': '{field}: at least {limit}' },
  maxItems: { 'zh-CN': '{field}最多 {limit} 项', 'en-US': '{field}: at most {limit}' },
  tooLarge: { 'zh-CN': '{field}内容过多', 'en-US': '{field} is too large' },
  option: { 'zh-CN': '请选择有效的{field}', 'en-US': 'choose a valid {field}' },
  distinct: { 'zh-CN': '{field}中有重复项', 'en-US': '{field}: the same item is listed twice' },
  format: { 'zh-CN': '{field}格式错误', 'en-US': '{field} is not in a valid format' },
  invalid: { 'zh-CN': '{field}填写有误，请检查', 'en-US': '{field} is not valid, please check it' },
  phone: { 'zh-CN': '手机号格式错误', 'en-US': 'phone number format error' },
  phoneOrLandline: { 'zh-CN': '电话号码格式错误', 'en-US': 'phone number format error' },
  email: { 'zh-CN': '邮箱格式错误', 'en-US': 'email format error' },
  userName: { 'zh-CN': '用户名须为 6 到 20 位字母、数字、下划线或连字符', 'en-US': 'user name must be 6 to 20 letters, digits, underscores or hyphens' },
  passwordLetter: { 'zh-CN': '密码须至少包含一个字母', 'en-US': 'password must contain at least one letter' },
  passwordDigit: { 'zh-CN': '密码须至少包含一个数字', 'en-US': 'password must contain at least one digit' },
  digits: { 'zh-CN': '{field}须为 {limit} 位数字', 'en-US': '{field} must be {limit} digits' },
  captchaChars: { 'zh-CN': '验证码只能包含字母、数字、点和斜杠', 'en-US': 'verification code may hold letters, digits, dot and slash' },
  idNumber: { 'zh-CN': '{field}须为 18 位身份证号', 'en-US': '{field} must be an 18-character ID number' },
  licenseNumber: { 'zh-CN': '{field}须为 18 位数字或大写字母', 'en-US': '{field} must be 18 digits or capital letters' },
  cardNumber: { 'zh-CN': '{field}须为 12 到 19 位数字', 'en-US': '{field} must be 12 to 19 digits' },
  cardChecksum: { 'zh-CN': '{field}不是有效的银行卡号', 'en-US': '{field} is not a valid card number' },
  md5: { 'zh-CN': '{field}须为 32 位十六进制数', 'en-US': '{field} must be 32 hex digits' },
  date: { 'zh-CN': '{field}须为日期（年-月-日）', 'en-US': '{field} must be a date (YYYY-MM-DD)' },
  directoryPath: { 'zh-CN': '{field}须为目录路径，如 /noWatermark/banners', 'en-US': '{field} must look like /noWatermark/banners' },
  uploadRoot: { 'zh-CN': '{field}须在 /noWatermark 或 /watermark 目录下', 'en-US': '{field} must be under /noWatermark or /watermark' },
  fileNameChars: { 'zh-CN': '{field}不能包含斜杠或控制字符', 'en-US': '{field} must not contain slashes or control characters' },
  suffixMismatch: { 'zh-CN': '{field}须与文件名的后缀一致', 'en-US': '{field} must match the suffix of the file name' },
  noUploadFile: { 'zh-CN': '请至少选择一个文件上传！', 'en-US': 'at least one file must be selected for upload!' },
  fileType: { 'zh-CN': '该类型的文件不能上传', 'en-US': 'this file type cannot be uploaded' },
  savedViewKey: { 'zh-CN': '{field}须形如 goods.list', 'en-US': '{field} must look like goods.list' },
  carrier: { 'zh-CN': '{field}须为列表中的快递公司（{values}）', 'en-US': '{field} must be one of the listed carriers ({values})' },
  trackingNo: { 'zh-CN': '{field}只能包含字母、数字和连字符', 'en-US': '{field} may hold only letters, digits and hyphens' },
  onlyVideos: { 'zh-CN': '只能选择视频', 'en-US': 'only videos can be selected' },
  videoSize: { 'zh-CN': '不能上传超过 {limit}MB 的视频文件', 'en-US': 'cannot upload video files over {limit}MB' },
  videoDuration: { 'zh-CN': '上传视频时长不能少于 {limit} 秒且不能超过 {upper} 秒', 'en-US': 'uploaded video length must not be under {limit} seconds and not over {upper} seconds' },
  endBeforeStart: { 'zh-CN': '结束不能早于开始', 'en-US': 'end cannot be less than start' },
  notAfterToday: { 'zh-CN': '{field}须晚于今天', 'en-US': '{field} must be after today' },
  rangeIncomplete: { 'zh-CN': '请选择开始和结束', 'en-US': 'please select start and end' },
  maxBelowMin: { 'zh-CN': '{field}不能小于{other}', 'en-US': '{field} cannot be less than {other}' },
  nothingToUpdate: { 'zh-CN': '没有需要修改的内容', 'en-US': 'nothing to update' },
  stockOrDelta: { 'zh-CN': '库存和增减数量只能填写一项', 'en-US': 'give either the stock or a change, not both' },
  stockDeltaOrWarning: { 'zh-CN': '请填写库存、增减数量或预警值', 'en-US': 'give a stock, a change or a warning line' },
  priceOrStock: { 'zh-CN': '每个 SKU 请填写价格或库存', 'en-US': 'give a price or a stock for every SKU' },
  specTwice: { 'zh-CN': '同一规格只能选择一次', 'en-US': 'a spec is chosen twice' },
  skuSpecValues: { 'zh-CN': '每个 SKU 须为每个规格选择一个值', 'en-US': 'every SKU needs exactly one chosen value of every spec' },
  skuTwin: { 'zh-CN': '两个 SKU 的规格值相同', 'en-US': 'two SKUs have the same spec values' },
  // The margin guard (docs/marketing.md "Margin guard"): the floor is at most the price; no promotion sells below it.
  floorAbovePrice: { 'zh-CN': '{field}不能高于售价', 'en-US': '{field} cannot be above the price' },
  // Cartage templates' distance bands (docs/merchant-centre.md "Cartage templates"): {limit} is the other band's position (1-based).
  bandEnd: { 'zh-CN': '距离段的终点须大于起点', 'en-US': 'the band must end beyond its start' },
  overlapsBand: { 'zh-CN': '与第 {limit} 个距离段重叠', 'en-US': 'overlaps distance band {limit}' },
  belowFloor: { 'zh-CN': 'SKU {values} 低于底价 ¥{money}', 'en-US': 'SKU {values} below its floor price ¥{money}' },
  detailRequired: { 'zh-CN': '请填写商品详情', 'en-US': 'write the goods detail' },
  reasonNeeded: { 'zh-CN': '{values} 须填写原因（--reason）', 'en-US': '{values} needs --reason' },
  noReason: { 'zh-CN': '{values} 不接受原因', 'en-US': '{values} takes no reason' },
  noLines: { 'zh-CN': '请至少添加一个商品', 'en-US': 'Add at least one item' },
  noCounted: { 'zh-CN': '请至少录入一个商品的实盘数量', 'en-US': 'Enter the counted quantity of at least one item' },
  detailImagesRequired: { 'zh-CN': '请至少选择一张详情图', 'en-US': 'choose at least one detail image' },
  confirmDiffers: { 'zh-CN': '两次输入不一致', 'en-US': 'the two entries differ' },
  sameAsCurrent: { 'zh-CN': '{field}不能与原来的相同', 'en-US': '{field} must differ from the current one' },
  // console-spec §5: the IM info dialog's one warning, whichever of the two is missing.
  imInfoRequired: { 'zh-CN': '请填写IM信息', 'en-US': 'please fill in IM info' },
  // The delivery range: {values} the towns (noFreightTemplate), or the other range with the shared towns (rangeOverlap).
  noFreightTemplate: { 'zh-CN': '没有运费模板覆盖{values}，不能加入配送范围', 'en-US': 'no freight template covers {values}; it cannot be added to a delivery range' },
  rangeOverlap: { 'zh-CN': '与配送范围{values}的乡镇和配送时间重叠', 'en-US': 'overlaps delivery range {values} in town and time' },
  endPassed: { 'zh-CN': '结束日期已经过去', 'en-US': 'the last day has already passed' },
};

/** What a field is called when nobody gave a label (a whole-form rule, an unnamed value). */
const NO_LABEL: LocalizedText = { 'zh-CN': '该项', 'en-US': 'this value' };

/**
 * The sentence for a problem of the field called `label`, in `language`; `labelOf` names the other field
 * of a cross-field rule (default: its wire name).
 */
export function describeRuleProblem(problem: RuleProblem, label: string, language: SupportedLanguage, labelOf: (field: string) => string = (field) => field): string {
  const template = RULE_TEXTS[problem.rule][language];
  const separator = language === 'zh-CN' ? '、' : ', ';
  const text = template
    .replace('{field}', label || NO_LABEL[language])
    .replace('{limit}', String(problem.limit ?? ''))
    .replace('{upper}', String(problem.upper ?? ''))
    .replace('{other}', problem.other ? labelOf(problem.other) : NO_LABEL[language])
    .replace('{values}', (problem.values ?? []).join(separator))
    .replace('{money}', ((problem.limit ?? 0) / 100).toFixed(2));
  return text;
}

/** The texts of every rule, for tests and for a consumer that lists them. */
export function ruleTexts(): Readonly<Record<RuleCode, LocalizedText>> {
  return RULE_TEXTS;
}
