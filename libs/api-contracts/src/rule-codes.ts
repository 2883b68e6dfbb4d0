// The codes of the contracts' validation rules (issue 25 §1): what broke, with the parameters its
// text needs. rules.ts reports them from zod issues; rule-texts.ts says them in zh-CN and en-US.

/** Every rule a contract can report; the texts of each are in rule-texts.ts. */
export const RULE_CODES = [
  // value kinds
  'required',
  'choose',
  'number',
  'text',
  'boolean',
  'list',
  'object',
  'integer',
  'wholeCents',
  'wholeSeconds',
  // bounds
  'positive',
  'notNegative',
  'min',
  'max',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'tooLarge',
  'option',
  'distinct',
  'format',
  'invalid',
  // named formats
  'phone',
  'phoneOrLandline',
  'email',
  'userName',
  'passwordLetter',
  'passwordDigit',
  'digits',
  'captchaChars',
  'idNumber',
  'licenseNumber',
  'cardNumber',
  'cardChecksum',
  'md5',
  'date',
  'directoryPath',
  'uploadRoot',
  'fileNameChars',
  'suffixMismatch',
  'fileType',
  'noUploadFile',
  'savedViewKey',
  'carrier',
  'trackingNo',
  'onlyVideos',
  'videoSize',
  'videoDuration',
  // cross-field rules (each names the field it belongs to)
  'endBeforeStart',
  'notAfterToday',
  'rangeIncomplete',
  'maxBelowMin',
  'nothingToUpdate',
  'stockOrDelta',
  'stockDeltaOrWarning',
  'priceOrStock',
  'specTwice',
  'skuSpecValues',
  'skuTwin',
  'floorAbovePrice',
  'bandEnd',
  'overlapsBand',
  'belowFloor',
  'detailRequired',
  'detailImagesRequired',
  'noLines',
  'noCounted',
  'confirmDiffers',
  'sameAsCurrent',
  'imInfoRequired',
  // the delivery range (docs/merchant-centre.md "Delivery range"): the towns named in values
  'noFreightTemplate',
  'rangeOverlap',
  'endPassed',
  // the platform's operator commands
  'reasonNeeded',
  'noReason',
] as const;
export type RuleCode = (typeof RULE_CODES)[number];

/** What a value broke: the rule and the parameters its text needs. */
export interface RuleProblem {
  rule: RuleCode;
  /** A bound (min, max, minLength, maxLength, minItems, maxItems, digits, videoSize MB; belowFloor: the floor in cents). */
  limit?: number;
  /** A second bound (videoDuration's maximum). */
  upper?: number;
  /** The allowed values (option, carrier), the operator command a rule is about (reasonNeeded, noReason), or the SKU (belowFloor). */
  values?: readonly (string | number)[];
  /** The other field of a cross-field rule (maxBelowMin: the minimum's field). */
  other?: string;
}

export function isRuleCode(value: unknown): value is RuleCode {
  return typeof value === 'string' && (RULE_CODES as readonly string[]).includes(value);
}
