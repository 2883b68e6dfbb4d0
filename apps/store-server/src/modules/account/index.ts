// The account module's public face for other modules (apps/store-server/eslint.modules.mjs).
/** The shop profile's reviewed changes: the operator module decides them (issue 26 §1). */
export { StoreInfoChangeService } from './store-info-changes.service';
