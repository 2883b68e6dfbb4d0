export * from './limits';
export * from './message-rules';
export * from './user-rules';
export * from './team-rules';
export * from './upload-rules';
export * from './image-rules';
export * from './document-rules';
export * from './extend-rules';
