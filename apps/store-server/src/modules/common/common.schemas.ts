import type { DICTIONARY_TYPES, OPERATION_TYPES } from '@merchant/api-contracts';

// The wire shapes of this module live in @merchant/api-contracts (endpoints/common).
export type DictionaryType = (typeof DICTIONARY_TYPES)[number];
export type OperationType = (typeof OPERATION_TYPES)[number];
