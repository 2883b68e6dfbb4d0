// React components of @merchant/media-library (MUI); the main entry stays React-free.
export * from './UploadDialog';
export * from './PendingFileRow';
export * from './FileTypeIcon';
export * from './Picker';
export * from './use-media-text';
