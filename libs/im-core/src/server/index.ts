export * from './im-token';
