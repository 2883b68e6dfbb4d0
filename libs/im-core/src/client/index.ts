export { createImClient } from './create-im-client';
export type { ImClientOptions } from './create-im-client';
export { ImClient } from './im-client';
export type { ImClientEvents, ImClientCoreOptions, ImSyncOptionsUpdate } from './im-client';
export type { ImConnectionPort } from './connection-port';
export type { ImLogger, StoreSource } from './store-opening';
export { createContactsServices } from './contacts-services';
export type { ContactsServices, ContactsServicesOptions } from './contacts-services';
