// The console's resource kit (docs/resource-pages.md): one definition per resource, generated
// list, detail and form screens. Special screens stay ordinary React next to them.
export * from './types';
export * from './listArg';
export * from './contractEndpoint';
export * from './text';
export { withSearchRanges, type SearchRange } from './searchRanges';
export { contractResolver, decodeProblem, fieldErrorText, firstProblemText, problemText, requiredFieldNames, resourceFormResolver, type FormProblem } from './formErrors';
export { ResourceListPage, type ResourceListPageProps } from './ResourceListPage';
export { ResourceDetailPage, type ResourceDetailPageProps } from './ResourceDetailPage';
export { ResourceFormPage, type ResourceFormPageProps } from './ResourceFormPage';
export { ResourceFormScreen, type ResourceFormScreenProps } from './ResourceFormScreen';
export { ScreenSection, type ScreenSectionProps } from './ScreenSection';
export { ResourceFormDialog, type ResourceFormDialogProps } from './ResourceFormDialog';
export { useResourceForm, type ResourceFormEngine, type ResourceFormOptions } from './useResourceForm';
export { FORM_FIELD_COMPONENTS, FormFieldInput, useFieldControl, textFieldProps, type FieldControl } from './fields';
export { newIdempotencyKey, isIdempotentContract } from './idempotency';
export { StatusChip } from './StatusChip';
export { useResourceActions } from './useResourceActions';
export { useUnsavedChangesGuard } from './useUnsavedChangesGuard';
export { useLeaveQuestion, type LeaveQuestion } from './useLeaveQuestion';
export { PageError, PageLoading } from './PageStates';
export { listPrefetch } from './listPrefetch';
export { RecordTable, type RecordTableProps } from './RecordTable';
