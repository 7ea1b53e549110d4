export * from './canonical';
export * from './chain';
export * from './merkle';
export * from './blocks';
export * from './published';
export * from './labels';
export * from './records';
export * from './checkpoints';
