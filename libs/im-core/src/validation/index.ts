export * from './limits';
export * from './message-rules';
export * from './user-rules';
export * from './team-rules';
