// The resource kit's one definition per screen (STYLE.md "A resource is a plain definition"): the
// columns, the search schema, the status mappings, the actions with their permission codes and the
// endpoints. ResourceListPage, ResourceDetailPage and ResourceFormPage draw screens from it.
import type { ComponentType, ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { SAVED_VIEW_RESOURCE_PATTERN, type ExportResource, type LocalizedText } from '@merchant/api-contracts';
import type { ListEndpoint, RowId, SearchSchema, TablePage, TableQuery } from '@merchant/ui-kit';
import type { SearchRange } from './searchRanges';

/** A label: an i18n key of the console, or the same text in every language (contract status mappings). */
export type ResourceLabel = string | LocalizedText;

export type ChipColor = 'default' | 'primary' | 'secondary' | 'error' | 'info' | 'success' | 'warning';

export interface ResourceStatusOption {
  value: string | number;
  label: ResourceLabel;
  color?: ChipColor;
}

/** A status mapping: value → label and chip colour; any other value reads 'unmatched status' (§8). */
export interface ResourceStatus {
  options: readonly ResourceStatusOption[];
}

/** What a column or field needs to turn a value into text in the user's language. */
export interface ResourceTextContext {
  t: TFunction;
  locale: 'zh-CN' | 'en-US';
}

/** What every column has, whatever it shows. */
export interface ResourceColumnBase<Row> {
  /** i18n key of the header (also the Excel header). */
  titleKey: string;
  /** Cell text; also what the Excel export writes. */
  format?: (row: Row, context: ResourceTextContext) => string;
  /** Draw the value as a status chip. */
  status?: ResourceStatus;
  /** Cell content beyond text (images, several lines). The export still uses `format` or the raw value. */
  render?: (row: Row, context: ResourceTextContext) => ReactNode;
  width?: number;
  flex?: number;
  align?: 'left' | 'center' | 'right';
  sortable?: boolean;
  hideable?: boolean;
  /** Hidden until the merchant shows it in the column picker (keeps a laptop-wide table without a side scroll). */
  hidden?: boolean;
  /** Leave the column out of the Excel export. */
  noExport?: boolean;
}

/**
 * A column showing a field of the row: the key is that field (also the sort field and the export key), so a
 * misspelt or renamed field fails the typecheck (resource-kit/columnKeys.typecheck.ts).
 */
export interface ResourceFieldColumn<Row> extends ResourceColumnBase<Row> {
  key: keyof Row & string;
  derived?: never;
}

/**
 * A column computed from the row, not one of its fields (a price range, several fields in one cell): it says
 * so with `derived: true`, and draws its own text (`format`, which the export writes too). Never sortable: the
 * server sorts by fields.
 */
export interface ResourceDerivedColumn<Row> extends ResourceColumnBase<Row> {
  key: string;
  derived: true;
  format: (row: Row, context: ResourceTextContext) => string;
  status?: never;
  sortable?: false;
}

export type ResourceColumn<Row> = ResourceFieldColumn<Row> | ResourceDerivedColumn<Row>;

/** A list endpoint of the console's RTK Query API (its `useQuery` and its `initiate` for the export). */
export interface ResourceListEndpoint<Row, Arg> extends ListEndpoint<Row, Arg> {
  initiate: (arg: Arg, options?: { subscribe?: boolean; forceRefetch?: boolean }) => unknown;
}

/** A mutation endpoint of the console's RTK Query API: dispatched through ResourceActionContext.mutate. */
export interface ResourceMutationEndpoint<Arg> {
  initiate: (arg: Arg) => unknown;
}

/** What an action may do: call a mutation, go somewhere, open a dialog of its own. */
export interface ResourceActionContext {
  t: TFunction;
  navigate(to: string): void;
  /** Dispatches the mutation and waits for it; the endpoint's tags refresh the lists. Rejects with the server error. */
  mutate<Arg>(endpoint: ResourceMutationEndpoint<Arg>, arg: Arg): Promise<unknown>;
  /** mutate, then the success notice: what most row and bulk actions do. */
  perform<Arg>(endpoint: ResourceMutationEndpoint<Arg>, arg: Arg, messageKey?: string): Promise<void>;
  /** Shows `render(close)` above the page until it calls close. */
  openDialog(render: (close: () => void) => ReactNode): void;
  /** Shows the success notice ('operation succeeded' unless another i18n key is given). */
  succeeded(messageKey?: string): void;
}

export interface ResourceActionBase {
  key: string;
  labelKey: string;
  /** §6 permission code; without it the button is disabled with the title 'no permission'. */
  permission?: string;
  color?: 'primary' | 'error' | 'warning' | 'inherit';
  /** Ask first; destructive actions (delete) always ask. */
  confirm?: { titleKey: string; contentKey?: string };
  destructive?: boolean;
}

export interface ResourceRowAction<Row> extends ResourceActionBase {
  /** Shown only for rows where this holds (e.g. 'off shelf' only for goods on the shelf). */
  when?: (row: Row) => boolean;
  /** Goes to this address (edit, detail, preview). */
  to?: (row: Row) => string;
  run?: (row: Row, context: ResourceActionContext) => unknown;
}

export interface ResourceBulkAction<Row = unknown> extends ResourceActionBase {
  /** `rows`: the selected rows of the page on screen (a dialog shows what it changes). */
  run: (ids: RowId[], context: ResourceActionContext, rows: Row[]) => unknown;
}

/** A button above the table (add, import…). */
export interface ResourceToolbarAction extends ResourceActionBase {
  to?: string;
  run?: (context: ResourceActionContext) => unknown;
}

export interface ResourceTabs {
  /** The filter the tabs set (kept in the URL with the other filters). */
  field: string;
  options: readonly ResourceStatusOption[];
  /** Offer an 'all' tab first (default true). */
  all?: boolean;
}

export interface ResourceListDefinition<Row, Arg> {
  endpoint: ResourceListEndpoint<Row, Arg>;
  /** The table query → the endpoint argument; default `{ pageNum, pageSize, ...filters, sortField?, sortOrder? }`. */
  toArg?: (query: TableQuery) => Arg;
  /** The search bar's zod schema (ui-kit's searchText/searchSelect/… fields); labels are i18n keys here. */
  search?: (t: TFunction, context: ResourceTextContext) => SearchSchema;
  /**
   * From–to pairs of the search (`[{ min: 'amountMin', max: 'amountMax' }]`): a "to" below its "from" is refused
   * on the field, in the merchant's language, and nothing is searched (searchRanges.ts).
   */
  searchRanges?: readonly SearchRange[];
  columns: readonly ResourceColumn<Row>[];
  tabs?: ResourceTabs;
  rowActions?: readonly ResourceRowAction<Row>[];
  bulkActions?: readonly ResourceBulkAction<Row>[];
  toolbar?: readonly ResourceToolbarAction[];
  /**
   * Excel export of the filtered list (all pages); the file name is an i18n key. `server` names the list
   * in the server's export registry (api-contracts EXPORT_RESOURCE_LISTS): above MAX_EXPORT_ROWS the file
   * is built by an export job on the server instead of refusing (docs/export.md).
   */
  export?: { fileNameKey: string; permission?: string; server?: ExportResource };
  emptyKey?: string;
}

export interface ResourceField<Rec> {
  key: string;
  labelKey: string;
  format?: (record: Rec, context: ResourceTextContext) => string;
  status?: ResourceStatus;
  render?: (record: Rec, context: ResourceTextContext) => ReactNode;
  /** Takes the whole row of the description list. */
  wide?: boolean;
}

/** A single-record query endpoint (`useQuery(arg)`). */
export interface ResourceRecordEndpoint<Rec, Arg> {
  useQuery: (arg: Arg) => { data?: Rec; currentData?: Rec; isFetching: boolean; isLoading?: boolean; error?: unknown; refetch?: () => unknown };
}

export interface ResourceDetailDefinition<Rec, Arg> {
  endpoint: ResourceRecordEndpoint<Rec, Arg>;
  /** The `id` search parameter → the endpoint argument. */
  toArg: (id: string) => Arg;
  fields: readonly ResourceField<Rec>[];
  /** Extra content under the fields (a table of lines, a timeline). */
  extra?: (record: Rec) => ReactNode;
}

/** How a form field is drawn: each kind has one component in `resource-kit/fields/` (fields/index.tsx). */
export type ResourceFormFieldKind =
  | 'text'
  | 'textarea'
  | 'integer'
  | 'money'
  | 'phone'
  | 'select'
  | 'switch'
  | 'date'
  | 'dateRange'
  | 'region'
  | 'media'
  | 'richText'
  | 'listSelect'
  | 'checkCode'
  | 'lines'
  | 'password';

/** For 'checkCode': where the code goes and how it is sent (resource-kit/fields/CheckCodeFormField). */
export interface ResourceCheckCodeOptions {
  /**
   * The values field the code is sent to (a mobile, a user name): checked before anything is sent. Without it
   * the code goes to an address the server already knows (the store's bound mobile) and `to` is ''.
   */
  mobileField?: string;
  /** A hook (called while the field is drawn) giving the send; it resolves true when the code went out (the countdown starts). */
  useSend: () => (to: string) => Promise<boolean>;
  /** data-testid of the send button; default `<name>-send`. */
  sendTestId?: string;
}

/** For 'region': how deep the merchant picks (1 province, 2 city, 3 district: the default). */
export type ResourceRegionDepth = 1 | 2 | 3;

/** For 'media': the media-library picker's options (console-spec §2 Picker, §5 picker rules). */
export interface ResourceMediaOptions {
  /** A list of files, or one file (the default; `null` when cleared). */
  multiple?: boolean;
  /** The most files; unlimited by default (console-spec §9). */
  limit?: number;
  /** Only images ('img', the default), only videos, or any file. */
  chooseFileType?: 'img' | 'video' | 'all';
}

/**
 * For 'listSelect': options from a list endpoint of the console's RTK Query API (a contract list with pageNum /
 * pageSize), searched by what the merchant types. Written with `listSelectSource(...)`, which checks the
 * endpoint, its argument and its rows against each other.
 */
export interface ResourceListSelectSource<Row = unknown, Arg = unknown, Rec = unknown, ChosenArg = unknown> {
  endpoint: { useQuery(arg: Arg): { currentData?: TablePage<Row>; data?: TablePage<Row>; isFetching: boolean; error?: unknown } };
  /** The typed keyword ('' when nothing is typed) → the endpoint argument (first page, keyword field). */
  toArg(keyword: string): Arg;
  toOption(row: Row): ResourceStatusOption;
  /**
   * Edit mode: the chosen value may be on no loaded page; this record endpoint finds its label (e.g. the
   * item's detail). Without it, the label of an option chosen earlier or seen on a loaded page is shown.
   */
  chosen?: {
    endpoint: { useQuery(arg: ChosenArg): { currentData?: Rec; data?: Rec } };
    toArg(value: string | number): ChosenArg;
    toOption(record: Rec): ResourceStatusOption;
  };
}

/**
 * Identity with types: `list: listSelectSource({ endpoint: api.inventoryItems, toArg, toOption: (row: ItemRow) => … })`.
 * The row (and record) types come from `toOption`'s parameter; the endpoints are checked against them.
 */
export function listSelectSource<Row, Arg, Rec = never, ChosenArg = never>(source: ResourceListSelectSource<Row, Arg, Rec, ChosenArg>): ResourceListSelectSource {
  return source;
}

export interface ResourceFormField {
  /** The values field (for 'dateRange' the start's). */
  name: string;
  labelKey: string;
  kind: ResourceFormFieldKind;
  /** For 'select'. */
  options?: readonly ResourceStatusOption[];
  /** Fixed once created: shown but not editable in edit mode. */
  createOnly?: boolean;
  /** For 'select' with options from the server: a hook (called while the field is drawn). */
  useOptions?: () => readonly ResourceStatusOption[];
  helperKey?: string;
  /** Marks the label with `*`; by default a field the schema refuses to leave empty is required. */
  required?: boolean;
  /** For 'dateRange': the values field of the end (seconds); `name` holds the start. */
  endName?: string;
  /** For 'textarea': the contract's length limit, shown as 'n / limit' under the field while it has no error. */
  counter?: number;
  /** For 'money': the largest amount in cents the input takes. */
  maxCents?: number;
  /** Chosen rather than typed: an empty one reads "choose …" (select, date and custom pickers). */
  picked?: boolean;
  /** For 'region'. */
  regionDepth?: ResourceRegionDepth;
  /** For 'media'. */
  media?: ResourceMediaOptions;
  /** For 'listSelect'. */
  list?: ResourceListSelectSource;
  /** For 'lines'. */
  lines?: ResourceLinesOptions;
  /** Draws the field with its own input instead of its kind's (a picker searching the server). */
  input?: ComponentType<ResourceFormInputProps>;
  /** For 'checkCode'. */
  checkCode?: ResourceCheckCodeOptions;
  /** data-testid of the field's input element (the kinds drawn with textFieldProps, checkCode, and inputs that read it). */
  testId?: string;
  /** For 'password': the browser's autofill hint ('new-password' by default, 'current-password' for a sign-in). */
  autoComplete?: 'new-password' | 'current-password';
}

/**
 * For 'lines': a list of lines (an order's items), one row each, its cells drawn with the kit's kinds. The
 * values field holds an array of objects; a column's `name` is its key in a line (`quantity`).
 */
export interface ResourceLinesOptions {
  columns: readonly ResourceFormField[];
  /** A new line's values (the add button appends it). */
  newLine: () => Record<string, unknown>;
  /** i18n keys of the add button and of each line's remove button (`{{line}}`: its number); the kit's by default. */
  addKey?: string;
  removeKey?: string;
  /** The fewest lines left (remove is disabled at it; default 0) and the most (add is disabled at it). */
  min?: number;
  max?: number;
}

/** What a field's component gets; it reads and writes its value through the form (fields/useFieldControl). */
export interface ResourceFormInputProps {
  field: ResourceFormField;
  /** The label carries `*`. */
  required: boolean;
  disabled: boolean;
  context: ResourceTextContext;
}

/** Contract facts a submit needs: store-server dedupes calls of an `idempotent` contract by their `idempotencyKey`. */
export interface ResourceFormContract {
  readonly path: string;
  readonly idempotent?: boolean;
}

/** A save: the mutation, the contract it speaks (for its idempotency), and the biz it takes when the checked values are not it. */
export interface ResourceFormSubmit<Args extends unknown[]> {
  endpoint: ResourceMutationEndpoint<never>;
  contract?: ResourceFormContract;
  toBiz?: (...args: Args) => unknown;
}

/** A form drawn as a page (ResourceFormPage) or in a dialog (ResourceFormDialog) from the same definition. */
export interface ResourceFormDefinition<Values extends Record<string, unknown>, Rec = unknown, LoadArg = unknown> {
  /** The contract's biz schema (or one built from it): validates the form before anything is sent. */
  schema: z.ZodType;
  fields: readonly ResourceFormField[];
  defaults: Values;
  /** The values as the schema checks them, when they differ (a list left out when empty); default: as they are. */
  toBiz?: (values: Values) => unknown;
  /** A problem's wire path (`contactMobile`, `lines.0.quantity`, `avatar.objectKey`), from the server or the schema, → the form field it belongs to; default: the same. */
  fromWirePath?: (path: string) => string;
  /** Edit mode (an `id` search parameter): the record to start from. */
  load?: { endpoint: ResourceRecordEndpoint<Rec, LoadArg>; toArg: (id: string) => LoadArg; toValues: (record: Rec) => Values };
  /** Gets the checked values (the schema's output). */
  create: ResourceFormSubmit<[values: Values]>;
  update?: ResourceFormSubmit<[values: Values, id: string]> & { toBiz: (values: Values, id: string) => unknown };
  /** After a save in a dialog, with the mutation's answer and the checked values (the schema's output; e.g. open the record just created). */
  afterSave?: (answer: unknown, context: ResourceActionContext, checked: Values) => void;
  /**
   * i18n key of the notice after a save, or null for none (a sign-in); by default 'saved successfully'
   * on a page and 'modified successfully' in a dialog (§8).
   */
  successKey?: string | null;
  /**
   * A refused save in this screen's words, shown in the form (the dialog stays open with the values):
   * e.g. 'this review already has a reply' for the code the server answers when another operator was first.
   * Undefined: nothing beyond the server msg the baseQuery shows.
   */
  describeFailure?: (error: unknown, t: TFunction) => string | undefined;
  /**
   * A second save beside the submit (a draft, engine `saveDraft`): the values as they are, not checked by `schema`
   * (the server checks its own draft rules), through its own endpoint; the form stays and counts as saved.
   */
  draft?: ResourceFormSubmit<[values: Values]> & { toBiz: (values: Values) => unknown; successKey: string };
}

/** Identity with types: a dialog's form reads `export const registerItem = defineResourceForm<Values>({ ... })`. */
export function defineResourceForm<Values extends Record<string, unknown>, Rec = unknown, LoadArg = unknown>(
  definition: ResourceFormDefinition<Values, Rec, LoadArg>,
): ResourceFormDefinition<Values, Rec, LoadArg> {
  return definition;
}

export interface ResourceDefinition<Row, Arg = unknown, Rec = Row, DetailArg = unknown, Values extends Record<string, unknown> = Record<string, unknown>, LoadArg = unknown> {
  /** Names the table in the URL, the column picker's storage and the saved views. */
  key: string;
  /** i18n key of the screen title. */
  titleKey: string;
  rowId: (row: Row) => RowId;
  /** Where the list lives: forms go back to it. */
  listPath: string;
  /** Where the detail page lives (rows get a 'detail' action when set). */
  detailPath?: string;
  list: ResourceListDefinition<Row, Arg>;
  detail?: ResourceDetailDefinition<Rec, DetailArg>;
  form?: ResourceFormDefinition<Values, Rec, LoadArg>;
}

/** What the list page reads of a definition (the detail and form parts do not matter to it). */
export type ResourceListResource<Row, Arg> = Pick<ResourceDefinition<Row, Arg>, 'key' | 'titleKey' | 'rowId' | 'listPath' | 'detailPath' | 'list'>;

/** Identity with types: a definition file reads `export const goods = defineResource({ ... })`. */
export function defineResource<Row, Arg = unknown, Rec = Row, DetailArg = unknown, Values extends Record<string, unknown> = Record<string, unknown>, LoadArg = unknown>(
  definition: ResourceDefinition<Row, Arg, Rec, DetailArg, Values, LoadArg>,
): ResourceDefinition<Row, Arg, Rec, DetailArg, Values, LoadArg> {
  // The key names URL parameters and the server's saved views (SAVED_VIEW_RESOURCE_PATTERN: `goods.list`).
  if (!SAVED_VIEW_RESOURCE_PATTERN.test(definition.key)) throw new Error(`resource key "${definition.key}" must look like goods.list`);
  const keys = definition.list.columns.map((column) => column.key);
  const duplicate = keys.find((key, index) => keys.indexOf(key) !== index);
  if (duplicate) throw new Error(`resource "${definition.key}": column "${duplicate}" is defined twice`);
  return definition;
}

export type { TablePage };
