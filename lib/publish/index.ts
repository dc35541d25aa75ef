export * from './expand';
export * from './tool-name';
export * from './publish';
