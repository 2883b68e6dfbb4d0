export * from './codes';
export * from './im-error';
