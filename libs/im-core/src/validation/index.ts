export * from './limits';
export * from './message-rules';
