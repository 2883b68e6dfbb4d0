export { STORE_CODES, PERMISSION_DENIED, isStoreCode, type StoreCode, type StoreCodeName } from './store-codes';
export {
  SUPPORTED_LANGUAGES,
  DEFAULT_LANGUAGE,
  isSupportedLanguage,
  pickLanguage,
  type SupportedLanguage,
  type LocalizedText,
} from './languages';
export { storeCodeMessages, describeStoreCode } from './store-code-messages';
export { transportCodeMessages, describeTransportCode, isTransportCode } from './transport-code-messages';
export {
  PERMISSIONS,
  ALL_PERMISSION_CODES,
  isPermissionCode,
  hasPermission,
  PERMISSION_LABELS,
  PERMISSION_AREAS,
  type PermissionCode,
  type PermissionName,
  type PermissionLabel,
  type PermissionArea,
} from './permissions';
export {
  defineEndpoint,
  endpointsUnder,
  endpointCodes,
  endpointAllows,
  emptyBiz,
  noData,
  PAGE_SIZES,
  DEFAULT_PAGE_SIZE,
  pageQueryShape,
  pageQuery,
  pageResult,
  IDEMPOTENCY_KEY_FIELD,
  idempotencyKeyField,
  type WithIdempotencyKey,
  type EndpointAccess,
  type EndpointContract,
  type AnyEndpoint,
  type EndpointBiz,
  type EndpointParsedBiz,
  type EndpointData,
  type EndpointAnswer,
  type PageSize,
  type PageQuery,
  type PageOf,
} from './endpoint';
export {
  USERNAME_PATTERN,
  PASSWORD_MIN,
  PASSWORD_MAX,
  MOBILE_PATTERN,
  PAY_PASSWORD_PATTERN,
  digitsPattern,
  userNameField,
  passwordField,
  mobileField,
  checkCodeField,
  payPasswordField,
  emailField,
  idField,
  accessTokenField,
  pagingFields,
  describeValidationError,
  describeValidationErrorText,
  wireProblems,
  type WireProblem,
} from './fields';
export {
  ruleProblemSchema,
  wireProblemSchema,
  validationErrInfo,
  validationErrInfoOf,
  readValidationErrInfo,
  type ValidationErrInfo,
} from './validation-answer';
export { RULE_CODES, isRuleCode, type RuleCode, type RuleProblem } from './rule-codes';
export { describeRuleProblem, ruleTexts } from './rule-texts';
export { rule, ruleIssue, namedPattern, problemOf, valueAtPath } from './rules';
export * from './endpoints/goods';
export * from './endpoints/inventory';
export * from './endpoints/saved-views';
export * from './endpoints';
export { defineStateMachine, type Actor, type StateMachine, type StateMachineDefinition, type TransitionRule } from './state-machine';
export * from './order-machines';
export * from './provider-delivery-machine';
export { RICH_TEXT_TAGS, sanitizeRichText, richTextPlain, type RichTextTag } from './rich-text';
export * from './status-tables';
export {
  FRAME_MESSAGE_SOURCE,
  CONSOLE_MESSAGE_SOURCE,
  IM_ACCOUNT_PATTERN,
  MAX_TOKEN_REQUEST_ID_LENGTH,
  FRAME_TO_CONSOLE_TYPES,
  CONSOLE_TO_FRAME_TYPES,
  frameToConsoleMessage,
  consoleToFrameMessage,
  parseFrameToConsoleMessage,
  parseConsoleToFrameMessage,
  type FrameToConsoleMessage,
  type ConsoleToFrameMessage,
  type FrameToConsoleType,
  type ConsoleToFrameType,
  type FrameToConsoleMessageOf,
  type ConsoleToFrameMessageOf,
  type NewMessagePayload,
  type QuickReplyAction,
  type DeskOrder,
} from './frame-protocol';
export * from './support-desk';
export { DESK_CARD_TEXT_MAX, deskCardSchema, deskCardAttach, deskCardOf, type DeskCard } from './desk-cards';
export {
  buildOpenApiDocument,
  ACCESS_TOKEN_SCHEME,
  DEVELOPMENT_SERVER_URL,
  PRODUCTION_SERVER,
  type OpenApiDocument,
  type OpenApiOperation,
  type OpenApiOptions,
  type OpenApiServer,
} from './openapi';
export {
  ID_FIELDS,
  OWNED_RESOURCE_KINDS,
  PLATFORM_RESOURCE_KINDS,
  idFieldPaths,
  ownedIdFields,
  type IdFieldUse,
  type OwnedResourceKind,
  type PlatformResourceKind,
} from './owned-ids';
